import type { AppContext } from "../../context.js";
import { settleOnce } from "../credits/settle-once.js";

/**
 * Ends a turn that cannot finish (its process died, or it failed unexpectedly):
 * settles its reservation once at what its recorded steps were billed (a
 * reservation already closed is left as it is), then marks it interrupted with
 * what the ledger charged. Safe to repeat and to race: the message changes once.
 */
export async function finishInterruptedTurn(
  ctx: AppContext,
  turn: { id: string; reservationId: string | null; billedMicrousd: bigint },
  reason: string,
): Promise<boolean> {
  const charged = turn.reservationId
    ? (await settleOnce(ctx, turn.reservationId, turn.billedMicrousd)).chargedMicrousd
    : 0n;
  const { count } = await ctx.prisma.chatMessage.updateMany({
    where: { id: turn.id, status: "running" },
    data: {
      status: "interrupted",
      error: reason,
      costMicrousd: charged,
      completedAt: ctx.clock.now(),
      heartbeatAt: null,
    },
  });
  return count === 1;
}

/**
 * The sweep: turns still `running` whose heartbeat is older than the stall
 * window (GEO_RUN_STALL_SECONDS, as runs) lost their process; each is settled
 * once and marked interrupted. Returns their message ids.
 */
export async function recoverInterruptedChatTurns({ ctx }: { ctx: AppContext }): Promise<string[]> {
  const staleBefore = new Date(ctx.clock.now().getTime() - ctx.config.runStallMs);
  const stalled = await ctx.prisma.chatMessage.findMany({
    where: { status: "running", heartbeatAt: { lt: staleBefore } },
    select: { id: true, reservationId: true, billedMicrousd: true },
  });
  const recovered: string[] = [];
  for (const turn of stalled) {
    const reason =
      "interrupted: the server stopped during this turn; it was settled at the steps it had recorded.";
    if (await finishInterruptedTurn(ctx, turn, reason)) recovered.push(turn.id);
  }
  return recovered;
}
