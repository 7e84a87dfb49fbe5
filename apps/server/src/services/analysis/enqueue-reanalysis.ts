import type { AppContext } from "../../context.js";
import { reanalyzeWorkspaceJob } from "../../jobs/definitions/reanalyze-workspace-job.js";
import { fingerprintOf, loadAnalysisSubject } from "./analysis-subject.js";
import { listStaleDays } from "./list-stale-days.js";

/**
 * Queues a re-analysis of the workspace's stored answers when some day's
 * rollups were not made with what the answers are now analysed against
 * (competitors, aliases, domains, brand names, category) at the current
 * ANALYSIS_VERSION. Called after a change commits: a change that leaves the
 * subject as it was (same values again, or a field the analyzer does not
 * read) queues nothing, and the queue keeps one waiting job per workspace.
 * A failure to enqueue is logged, not returned: the change itself succeeded.
 * Returns whether a job was queued.
 */
export async function enqueueReanalysis(ctx: AppContext, workspaceId: string): Promise<boolean> {
  try {
    const subject = await loadAnalysisSubject(ctx.prisma, workspaceId);
    const stale = await listStaleDays({
      db: ctx.prisma,
      workspaceId,
      fingerprint: fingerprintOf(subject, ctx.config.domainTaxonomy),
      limit: 1,
    });
    if (stale.length === 0) return false;
    await ctx.queue.enqueue(reanalyzeWorkspaceJob, { workspaceId });
    return true;
  } catch (error) {
    ctx.logger.error({ err: error, workspaceId }, "could not queue the workspace re-analysis");
    return false;
  }
}
