import { monitorEventLoopDelay } from "node:perf_hooks";
import type { AppContext } from "../../context.js";
import { fingerprintOf, loadAnalysisSubject } from "./analysis-subject.js";
import { enqueueRollupFollowUps } from "./enqueue-rollup-follow-ups.js";
import { listStaleDays } from "./list-stale-days.js";
import { reanalyzeDay } from "./reanalyze-day.js";

/** Passes over the stale days; each pass re-reads the subject, so edits made meanwhile are caught. */
const MAX_PASSES = 5;

export interface ReanalyzeWorkspaceOptions {
  ctx: AppContext;
  workspaceId: string;
  /** Answers per step (reanalyzeDay's default when omitted). */
  pageSize?: number;
}

/**
 * Brings every day of a workspace's rollups to the current ANALYSIS_VERSION
 * and subject (brand, competitors, category, taxonomy), as they are when it
 * runs, not when it was queued: days already there are skipped, the others
 * are redone one at a time, newest first (the days people look at come back
 * first), each in bounded steps (`reanalyzeDay`). Passes repeat until no day
 * is stale, so a subject that changed while a pass ran is caught up with
 * here rather than by another job.
 */
export async function reanalyzeWorkspace({
  ctx,
  workspaceId,
  pageSize,
}: ReanalyzeWorkspaceOptions) {
  const exists = await ctx.prisma.workspace.findUnique({
    where: { id: workspaceId },
    select: { id: true },
  });
  const totals = { days: 0, answers: 0, changed: 0 };
  if (!exists) return totals;
  // What the job costs the requests served meanwhile: the process's event-loop delay while it runs.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  try {
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const subject = await loadAnalysisSubject(ctx.prisma, workspaceId);
      const fingerprint = fingerprintOf(subject, ctx.config.domainTaxonomy);
      const days = await listStaleDays({ db: ctx.prisma, workspaceId, fingerprint });
      if (days.length === 0) break;
      for (const day of days) {
        const result = await reanalyzeDay({ ctx, workspaceId, day, pageSize });
        if (result.answers > 0 || result.changed > 0) totals.days += 1;
        totals.answers += result.answers;
        totals.changed += result.changed;
      }
    }
  } finally {
    delay.disable();
  }
  if (totals.days > 0)
    ctx.logger.info(
      {
        workspaceId,
        ...totals,
        ms: Math.round(performance.now() - started),
        eventLoopDelayMs: {
          p50: Math.round(delay.percentile(50) / 1e6),
          p99: Math.round(delay.percentile(99) / 1e6),
          max: Math.round(delay.max / 1e6),
        },
      },
      "workspace re-analysed",
    );
  // Days redone change what reads their rollups.
  if (totals.days > 0) await enqueueRollupFollowUps(ctx, workspaceId);
  return totals;
}
