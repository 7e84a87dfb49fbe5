import type { AppContext } from "../../context.js";
import { reanalyzeWorkspaceJob } from "../../jobs/reanalyze-workspace-job.js";

/**
 * Queues a re-analysis of the workspace's stored answers after a change of
 * what they are analysed against (competitors, aliases, domains, brand names).
 * Called after the change commits; without runs there is nothing to redo. A
 * failure to enqueue is logged, not returned: the change itself succeeded.
 */
export async function enqueueReanalysis(ctx: AppContext, workspaceId: string): Promise<void> {
  try {
    const hasRuns = await ctx.prisma.run.findFirst({
      where: { workspaceId },
      select: { id: true },
    });
    if (hasRuns) await ctx.queue.enqueue(reanalyzeWorkspaceJob, { workspaceId, scope: "all" });
  } catch (error) {
    ctx.logger.error({ err: error, workspaceId }, "could not queue the workspace re-analysis");
  }
}
