import type { AppContext } from "../../context.js";

/**
 * Writes down what the clock already decided: pending keys past their delivery
 * window become expired with their sealed copy erased; grace keys past their
 * window become revoked. Safe to run from any process at any time.
 */
export async function sweepApiKeys(ctx: AppContext): Promise<{ expired: number; revoked: number }> {
  const now = ctx.clock.now();
  const expired = await ctx.prisma.apiKey.updateMany({
    where: { state: "pending", deliveryExpiresAt: { lte: now } },
    data: { state: "expired", deliveryCiphertext: null },
  });
  const revoked = await ctx.prisma.apiKey.findMany({
    where: { state: "grace", graceEndsAt: { lte: now } },
    select: { id: true, graceEndsAt: true },
  });
  for (const key of revoked) {
    await ctx.prisma.apiKey.updateMany({
      where: { id: key.id, state: "grace" },
      data: { state: "revoked", revokedAt: key.graceEndsAt },
    });
  }
  return { expired: expired.count, revoked: revoked.length };
}
