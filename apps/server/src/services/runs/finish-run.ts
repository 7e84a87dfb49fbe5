import type { AppContext } from "../../context.js";
import { settleOnce } from "../credits/settle-once.js";

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
    await settleOnce(
      ctx,
      run.reservationId,
      actual,
      status === "cancelled" ? "cancelled" : "failed",
    );
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
