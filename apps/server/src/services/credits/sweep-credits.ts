import type { AppContext } from "../../context.js";
import { expireLots } from "./expire-lots.js";
import { releaseCredits } from "./release-credits.js";

/**
 * The reaper: releases reservations that outlived their operation, then
 * expires lots past their expiry. Safe to run from any process at any time.
 */
export async function sweepCredits(
  ctx: AppContext,
): Promise<{ released: number; expiredWorkspaces: number }> {
  const now = ctx.clock.now();
  const stale = await ctx.prisma.creditReservation.findMany({
    where: { status: "open", expiresAt: { lte: now } },
    select: { id: true },
  });
  for (const { id } of stale) await releaseCredits({ ctx, reservationId: id, reason: "expired" });
  const due = await ctx.prisma.creditLot.findMany({
    where: { remainingMicrousd: { gt: 0 }, expiresAt: { lte: now } },
    distinct: ["workspaceId"],
    select: { workspaceId: true },
  });
  for (const { workspaceId } of due) {
    await ctx.prisma.$transaction((tx) => expireLots(tx, ctx.clock, workspaceId));
  }
  return { released: stale.length, expiredWorkspaces: due.length };
}
