import type { CreditReservation } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { applyLedgerEntry } from "./apply-ledger-entry.js";
import { lockReservation } from "./lock-reservation.js";

export interface ReleaseCreditsOptions {
  ctx: AppContext;
  reservationId: string;
  reason: "failed" | "cancelled" | "expired";
}

/**
 * Hands back what a reservation still holds (on failure, cancellation or by
 * the reaper). Leases already taken stay spent. Releasing a closed
 * reservation does nothing, so it happens at most once.
 */
export async function releaseCredits(options: ReleaseCreditsOptions): Promise<CreditReservation> {
  const { ctx, reservationId } = options;
  return ctx.prisma.$transaction(async (tx) => {
    const reservation = await lockReservation(tx, reservationId);
    if (reservation.status !== "open") return reservation;
    if (reservation.heldMicrousd > 0n) {
      await applyLedgerEntry(tx, ctx.clock, {
        workspaceId: reservation.workspaceId,
        kind: "release",
        postedDelta: 0n,
        heldDelta: -reservation.heldMicrousd,
        reservationId,
        operation: reservation.operation,
        metadata: { reason: options.reason },
      });
    }
    return tx.creditReservation.update({
      where: { id: reservationId },
      data: { heldMicrousd: 0n, status: "released", closedAt: ctx.clock.now() },
    });
  });
}
