import type { AppContext } from "../../context.js";
import { enqueueReanalysis } from "./enqueue-reanalysis.js";

/**
 * Queues a re-analysis of every workspace with days whose rollups another
 * ANALYSIS_VERSION, another subject or an unknown one made: after a release
 * that changed the analysis rules (metrics read the current version only), an
 * operator's new domain taxonomy, or an edit whose job was lost. Run when a
 * worker process starts; the queue keeps one waiting job per workspace, so
 * many workers starting together queue each workspace once. Returns the
 * workspace ids queued.
 */
export async function queueOutdatedReanalyses({ ctx }: { ctx: AppContext }): Promise<string[]> {
  const rows = await ctx.prisma.$queryRawUnsafe<Array<{ workspace_id: string }>>(
    `SELECT DISTINCT workspace_id FROM metric_days`,
  );
  const queued: string[] = [];
  for (const { workspace_id: workspaceId } of rows) {
    if (await enqueueReanalysis(ctx, workspaceId)) queued.push(workspaceId);
  }
  if (queued.length > 0)
    ctx.logger.info({ workspaces: queued.length }, "queued re-analysis of outdated rollups");
  return queued;
}
