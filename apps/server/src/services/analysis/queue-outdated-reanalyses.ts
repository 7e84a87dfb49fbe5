import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { reanalyzeWorkspaceJob } from "../../jobs/reanalyze-workspace-job.js";

/**
 * After a release that changes ANALYSIS_VERSION, queues a re-analysis of
 * every workspace whose rollups were made by another version (metrics read
 * the current version only, so those days would stay empty). Run when a
 * worker process starts; the queue keeps one waiting job per workspace, so
 * many workers starting together queue each workspace once. Returns the
 * workspace ids queued.
 */
export async function queueOutdatedReanalyses({ ctx }: { ctx: AppContext }): Promise<string[]> {
  const rows = await ctx.prisma.$queryRawUnsafe<Array<{ workspace_id: string }>>(
    `SELECT DISTINCT workspace_id FROM metric_days WHERE analysis_version <> $1::int`,
    ANALYSIS_VERSION,
  );
  const queued: string[] = [];
  for (const { workspace_id: workspaceId } of rows) {
    await ctx.queue.enqueue(reanalyzeWorkspaceJob, { workspaceId, scope: "outdated" });
    queued.push(workspaceId);
  }
  if (queued.length > 0)
    ctx.logger.info(
      { workspaces: queued.length, version: ANALYSIS_VERSION },
      "queued re-analysis of rollups from another analysis version",
    );
  return queued;
}
