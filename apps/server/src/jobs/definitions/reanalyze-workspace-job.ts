import { z } from "zod";
import type { JobDefinition } from "../job-definition.js";

// Only the workspace: the job reads the subject when it runs, so whatever was
// edited last is what it analyses with, however many edits queued it.
const payload = z.object({ workspaceId: z.string().min(1).max(100) });

/**
 * Re-analyses the days of a workspace's stored answers whose rollups were
 * made with another subject or ANALYSIS_VERSION. Safe to repeat. One job per
 * workspace waits in the queue: a burst of edits runs it once more after the
 * one in progress, not once per edit.
 */
export const reanalyzeWorkspaceJob: JobDefinition<typeof payload> = {
  id: "workspace-reanalyze",
  // v2: scope in the payload, and a stately queue (a policy is fixed when the queue is created);
  // v3: no scope (the days to redo are found by their subject fingerprint).
  version: 3,
  payload,
  expireInSeconds: 3600,
  // A dead worker\'s job is retried (resuming where it stopped) within about a minute.
  heartbeatSeconds: 30,
  retryLimit: 3,
  singletonKey: (p) => p.workspaceId,
};
