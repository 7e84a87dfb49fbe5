import { workspaceJob } from "../job-definition.js";

/**
 * Re-analyses the days of a workspace's stored answers whose rollups were
 * made with another subject or ANALYSIS_VERSION. The payload is only the
 * workspace: the job reads the subject when it runs, so whatever was edited
 * last is what it analyses with, however many edits queued it.
 */
export const reanalyzeWorkspaceJob = workspaceJob({
  id: "workspace-reanalyze",
  // v2: scope in the payload, and a stately queue (a policy is fixed when the queue is created);
  // v3: no scope (the days to redo are found by their subject fingerprint).
  version: 3,
  expireInSeconds: 3600,
});
