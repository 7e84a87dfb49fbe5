import type { AppContext } from "../../context.js";
import { measureRecommendationImpactsJob } from "../../jobs/definitions/measure-recommendation-impacts-job.js";
import { enqueueWorkspaceJob } from "../analysis/enqueue-rollup-follow-ups.js";

/**
 * Queues the impact measurement of every workspace with a `done`
 * recommendation whose stored weekly delta predates the windows' values (a
 * release that adds fields to `delta.windows`): reads show such a delta with
 * `windows: null` until it is measured again. Run when a worker process
 * starts, like the missing change days sweep; the queue keeps one waiting job
 * per workspace. Returns the workspace ids queued.
 */
export async function queueOutdatedImpacts({ ctx }: { ctx: AppContext }): Promise<string[]> {
  const rows = await ctx.prisma.$queryRawUnsafe<Array<{ workspace_id: string }>>(
    `SELECT DISTINCT workspace_id FROM recommendations
     WHERE status = 'done' AND impact_baseline IS NOT NULL AND done_at IS NOT NULL
       AND impact_delta->>'method' = 'daily-rates-t'
       AND impact_delta->'windows'->'before'->'n' IS NULL`,
  );
  for (const { workspace_id: workspaceId } of rows) {
    await enqueueWorkspaceJob(
      ctx,
      measureRecommendationImpactsJob,
      workspaceId,
      "the impact measurement",
    );
  }
  return rows.map((r) => r.workspace_id);
}
