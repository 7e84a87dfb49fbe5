import { workspaceJob } from "../job-definition.js";

/**
 * Computes and stores the latest day's metrics (unfiltered: what the
 * dashboard opens on) and its changes since its comparison days, and the
 * year's daily sums of the time series, after the workspace's rollups
 * changed, so that the first read finds them stored (`metric_snapshots`,
 * `metric_day_sums`).
 */
export const refreshMetricSnapshotsJob = workspaceJob({
  id: "metric-snapshots-refresh",
  version: 1,
  expireInSeconds: 600,
});
