import type { AppContext } from "../../context.js";
import { AppError } from "../../errors/app-error.js";
import { releaseCredits } from "./release-credits.js";
import { settleCredits } from "./settle-credits.js";

export interface SettledCharge {
  /** Everything the ledger charged the reservation (leases + settlement): what the operation reports as its cost. */
  chargedMicrousd: bigint;
  /** Billed cost the ledger could not charge (never reported as cost); 0 unless the reservation was closed under the operation. */
  writtenOffMicrousd: bigint;
}

/**
 * Closes a reservation at the actual cost (or releases it, for `reason`, when
 * nothing was spent), and answers what the ledger charged it in all. A second
 * call, from a worker that died after settling, finds the reservation closed
 * and does nothing: the charge happens once, and the answer is the same.
 */
export async function settleOnce(
  ctx: AppContext,
  reservationId: string,
  actualMicrousd: bigint,
  reason: "failed" | "cancelled" = "failed",
): Promise<SettledCharge> {
  try {
    if (actualMicrousd > 0n) await settleCredits({ ctx, reservationId, actualMicrousd });
    else await releaseCredits({ ctx, reservationId, reason });
  } catch (error) {
    if (!(error instanceof AppError && error.code === "reservation_closed")) throw error;
  }
  const { consumedMicrousd } = await ctx.prisma.creditReservation.findUniqueOrThrow({
    where: { id: reservationId },
    select: { consumedMicrousd: true },
  });
  const writtenOff = actualMicrousd - consumedMicrousd;
  return {
    chargedMicrousd: consumedMicrousd,
    writtenOffMicrousd: writtenOff > 0n ? writtenOff : 0n,
  };
}
