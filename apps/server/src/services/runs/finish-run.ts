import type { AppContext } from "../../context.js";
import { AppError } from "../../errors/app-error.js";
import { releaseCredits } from "../credits/release-credits.js";
import { settleCredits } from "../credits/settle-credits.js";

/**
 * Ends a run: its final status from the counters (or cancelled), and the
 * reservation settled at the actual cost of the stored answers, exactly once.
 */
export async function finishRun(ctx: AppContext, runId: string): Promise<void> {
  const run = await ctx.prisma.run.findUniqueOrThrow({ where: { id: runId } });
  const spent = await ctx.prisma.engineResponse.aggregate({
    where: { runId, status: "succeeded" },
    _sum: { costMicrousd: true },
  });
  const actual = spent._sum.costMicrousd ?? 0n;
  const status = run.cancelRequestedAt
    ? "cancelled"
    : run.failedTasks === 0
      ? "succeeded"
      : run.completedTasks === 0
        ? "failed"
        : "partial";
  if (run.reservationId) {
    try {
      if (actual > 0n)
        await settleCredits({ ctx, reservationId: run.reservationId, actualMicrousd: actual });
      else
        await releaseCredits({
          ctx,
          reservationId: run.reservationId,
          reason: status === "cancelled" ? "cancelled" : "failed",
        });
    } catch (error) {
      // A worker that died after settling: the settlement already happened.
      if (!(error instanceof AppError && error.code === "reservation_closed")) throw error;
    }
  }
  await ctx.prisma.run.updateMany({
    where: { id: runId, finishedAt: null },
    data: {
      status,
      costMicrousd: actual,
      finishedAt: ctx.clock.now(),
      ...(status === "failed"
        ? { error: "Every answer failed; see the responses for the errors." }
        : {}),
    },
  });
}
