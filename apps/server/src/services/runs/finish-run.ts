import { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { generateReportsJob } from "../../jobs/definitions/generate-reports-job.js";
import { refreshMetricChangesJob } from "../../jobs/definitions/refresh-metric-changes-job.js";
import {
  enqueueRollupFollowUps,
  enqueueWorkspaceJob,
} from "../analysis/enqueue-rollup-follow-ups.js";
import { settleOnce } from "../credits/settle-once.js";

/** How a task the run could not pay for was recorded (`execute-run.ts`). */
const unpaidError = "insufficient_credits";

/**
 * Ends a run: its final status from the counters (or cancelled), and the
 * reservation settled at the billed cost of the stored answers, exactly once.
 * The run reports as its cost what the ledger charged the reservation (leases
 * and settlement), which is that billed cost: answers are billed at most their
 * ceilings and asked only when the budget covers them. Should the ledger ever
 * charge less (a reservation closed under the run), the rest is written off
 * and logged, never reported as cost. Queues the refresh of the workspace's
 * detected changes, the measurement of the done recommendations' impact and
 * the derivation of recommendations when the run stored answers, and, for a
 * run the run schedule started, the generation of its reports.
 */
export async function finishRun(ctx: AppContext, runId: string): Promise<void> {
  const run = await ctx.prisma.run.findUniqueOrThrow({ where: { id: runId } });
  const spent = await ctx.prisma.engineResponse.aggregate({
    where: { runId, status: "succeeded" },
    _sum: { costMicrousd: true },
  });
  const billed = spent._sum.costMicrousd ?? 0n;
  // Tasks neither answered nor failed (never asked): the run did not do all it planned.
  const unasked = run.totalTasks - run.completedTasks - run.failedTasks;
  const status = run.cancelRequestedAt
    ? "cancelled"
    : run.failedTasks === 0 && unasked <= 0
      ? "succeeded"
      : run.completedTasks === 0
        ? "failed"
        : "partial";
  let charged = billed;
  if (run.reservationId) {
    const settled = await settleOnce(
      ctx,
      run.reservationId,
      billed,
      status === "cancelled" ? "cancelled" : "failed",
    );
    charged = settled.chargedMicrousd;
    if (settled.writtenOffMicrousd > 0n) {
      ctx.logger.warn(
        { runId, writtenOffMicrousd: settled.writtenOffMicrousd.toString() },
        "run cost beyond what the ledger charged was written off",
      );
    }
  } else {
    charged = 0n;
  }
  const unpaid =
    status === "partial" || status === "failed"
      ? await ctx.prisma.engineResponse.count({
          where: { runId, status: "failed", error: { startsWith: unpaidError } },
        })
      : 0;
  const error =
    unpaid > 0
      ? `Credit ran out: ${unpaid} task(s) were not asked (insufficient_credits); the answers before were charged.`
      : status !== "cancelled" && unasked > 0
        ? `${unasked} task(s) were never asked.`
        : status === "failed"
          ? "Every answer failed; see the responses for the errors."
          : undefined;
  await ctx.prisma.run.updateMany({
    where: { id: runId, finishedAt: null },
    data: {
      status,
      costMicrousd: charged,
      finishedAt: ctx.clock.now(),
      // Tasks a finished run never writes (cancelled while they were written).
      taskPlan: Prisma.DbNull,
      ...(error ? { error } : {}),
    },
  });
  // A confirmation run's answers change no rollup: only its confirmation's verdict is taken
  // again (by the changes refresh, services/confirmations/refresh-confirmations.ts).
  if (run.purpose === "confirmation") {
    if (run.completedTasks > 0)
      await enqueueWorkspaceJob(
        ctx,
        refreshMetricChangesJob,
        run.workspaceId,
        "the confirmations refresh",
      );
    return;
  }
  // Its answers changed the rollups of the day: what reads them is redone now, not at the next read.
  if (run.completedTasks > 0) await enqueueRollupFollowUps(ctx, run.workspaceId);
  // A run the run schedule started is reported on (services/reports/generate-due-reports.ts).
  if (run.completedTasks > 0 && run.triggeredBy === "schedule") {
    await enqueueWorkspaceJob(ctx, generateReportsJob, run.workspaceId, "the report generation");
  }
}
