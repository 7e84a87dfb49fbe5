import { workspaceJob } from "../job-definition.js";

/**
 * Computes the detected changes of every day of a workspace whose stored
 * result (`metric_change_days`) is missing or outdated, after its rollups
 * changed (a run finished, a re-analysis redid days), so that reads find them
 * stored.
 */
export const refreshMetricChangesJob = workspaceJob({
  id: "metric-changes-refresh",
  version: 1,
  expireInSeconds: 1800,
});
