import { workspaceJob } from "../job-definition.js";

/**
 * Evaluates a workspace's waiting page evaluations, oldest first, one at a time
 * (docs/page-evaluations.md, "The job"). One waits per workspace: a burst of starts
 * runs once more after the evaluation in progress. Safe to repeat: each evaluation
 * is claimed by a conditional update and its result written under that claim.
 */
export const pageEvaluationsJob = workspaceJob({
  id: "page-evaluations",
  version: 1,
  expireInSeconds: 1800,
});
