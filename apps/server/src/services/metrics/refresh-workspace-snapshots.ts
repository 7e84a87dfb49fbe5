import type { AppContext } from "../../context.js";
import { addDays } from "../../days.js";
import { loadDayView } from "./day-view.js";
import { MAX_TIMESERIES_DAYS } from "./get-metrics-timeseries.js";
import { getMetricsWindow } from "./get-metrics-window.js";
import { loadMetricsHead } from "./load-metrics-head.js";
import { loadStoredDailySums } from "./stored-day-sums.js";
import { dropOldSeries } from "./stored-series.js";
import { dropOldSnapshots } from "./stored-snapshots.js";

/**
 * Stores what the dashboard reads by default when missing or outdated (the
 * `metric-snapshots-refresh` job): the latest day's unfiltered snapshot and
 * changes (`GET .../metrics` and `.../scoreboard`), the unfiltered sums of
 * each day of the year up to it (the time series), and its unfiltered 7- and
 * 28-day window views (`GET .../metrics/window`). Other days and filter sets
 * are computed by their first read and stored then; stored rows not
 * rewritten for SNAPSHOT_RETENTION_DAYS days (stored time series:
 * SERIES_RETENTION_DAYS) are dropped first. Returns the
 * day, or null for a workspace without data (or no longer there).
 */
export async function refreshWorkspaceSnapshots(options: {
  ctx: AppContext;
  workspaceId: string;
}): Promise<string | null> {
  const { ctx, workspaceId } = options;
  // A workspace deleted since the job was queued has nothing to store.
  if ((await ctx.prisma.workspace.count({ where: { id: workspaceId } })) === 0) return null;
  await dropOldSnapshots(ctx, workspaceId);
  await dropOldSeries(ctx, workspaceId);
  const { scope, days } = await loadMetricsHead({ ctx, workspaceId, recentRuns: 0 });
  const current = days[0];
  if (!current) return null;
  await loadDayView({ ctx, scope, days, current, filters: {} });
  await loadStoredDailySums({
    ctx,
    workspaceId,
    version: scope.version,
    from: addDays(current.day, 1 - MAX_TIMESERIES_DAYS),
    to: current.day,
  });
  for (const days of [7, 28] as const) {
    await getMetricsWindow({ ctx, workspaceId, days, to: current.day, filters: {} });
  }
  return current.day;
}
