import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { refreshMetricChangesJob } from "../../jobs/definitions/refresh-metric-changes-job.js";
import { enqueueWorkspaceJob } from "../analysis/enqueue-rollup-follow-ups.js";
import { CHANGE_INPUTS_PREFIX, readChangeDays, refreshDayChanges } from "./day-changes.js";
import { findMetricsScope } from "./metrics-scope.js";

/**
 * Brings `metric_change_days` up to date for every day with data of a
 * workspace (the `metric-changes-refresh` job): the days whose fingerprint is
 * missing or outdated are computed, in windows of bounded size. Returns how
 * many days were computed (0 for a workspace that no longer exists).
 */
export async function refreshWorkspaceChanges(options: {
  ctx: AppContext;
  workspaceId: string;
}): Promise<number> {
  const { ctx, workspaceId } = options;
  const scope = await findMetricsScope(ctx, workspaceId);
  if (!scope) return 0;
  const [range] = await ctx.prisma.$queryRawUnsafe<
    Array<{ first: string | null; last: string | null }>
  >(
    `SELECT to_char(min(day), 'YYYY-MM-DD') AS first, to_char(max(day), 'YYYY-MM-DD') AS last
     FROM metric_days WHERE workspace_id = $1 AND analysis_version = $2::int AND responses > 0`,
    workspaceId,
    ANALYSIS_VERSION,
  );
  if (!range?.first || !range.last) return 0;
  const { days } = await readChangeDays(ctx, scope, range.first, range.last);
  const stale = days.filter((d) => d.stored?.inputs !== d.inputs);
  if (stale.length > 0) await refreshDayChanges(ctx, scope, stale);
  return stale.length;
}

/**
 * Queues the refresh of every workspace with a day of data at the current
 * ANALYSIS_VERSION whose detected changes were never stored, or stored by
 * another test (a release that adds or changes change detection, a lost job). Run when a worker process starts, like
 * the outdated-analysis sweep; the queue keeps one waiting job per workspace.
 * Returns the workspace ids queued.
 */
export async function queueMissingChangeRefreshes({ ctx }: { ctx: AppContext }): Promise<string[]> {
  const rows = await ctx.prisma.$queryRawUnsafe<Array<{ workspace_id: string }>>(
    `SELECT DISTINCT d.workspace_id FROM metric_days d
     WHERE d.analysis_version = $1::int AND d.responses > 0
       AND NOT EXISTS (SELECT 1 FROM metric_change_days c
         WHERE c.workspace_id = d.workspace_id AND c.analysis_version = d.analysis_version
           AND c.day = d.day AND starts_with(c.inputs, $2))`,
    ANALYSIS_VERSION,
    CHANGE_INPUTS_PREFIX,
  );
  for (const { workspace_id: workspaceId } of rows)
    await enqueueWorkspaceJob(
      ctx,
      refreshMetricChangesJob,
      workspaceId,
      "the metric changes refresh",
    );
  if (rows.length > 0) {
    ctx.logger.info({ workspaces: rows.length }, "queued the refresh of missing change days");
  }
  return rows.map((r) => r.workspace_id);
}
