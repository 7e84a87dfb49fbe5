import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { applyLedgerEntry, InsufficientCredits } from "./apply-ledger-entry.js";
import { spend } from "./lease-credits.js";
import { lockReservation } from "./lock-reservation.js";

export interface SettleCreditsOptions {
  ctx: AppContext;
  reservationId: string;
  /** The operation's actual total cost. */
  actualMicrousd: bigint;
}

export interface Settlement {
  /** Charged at settlement, on top of earlier leases. */
  chargedMicrousd: bigint;
  /** Held credit handed back. */
  releasedMicrousd: bigint;
  /** Actual cost that the balance could not cover (never charged). */
  shortfallMicrousd: bigint;
}

/**
 * Closes a reservation exactly once: charges the actual cost beyond what was
 * already leased (leases are final), and releases the rest of the hold. A cost
 * above what the balance can cover is charged as far as it goes, never below
 * zero, and the shortfall is recorded.
 */
export async function settleCredits(options: SettleCreditsOptions): Promise<Settlement> {
  const { ctx, reservationId, actualMicrousd } = options;
  return ctx.prisma.$transaction(async (tx) => {
    const reservation = await lockReservation(tx, reservationId);
    if (reservation.status !== "open") throw errors.reservationClosed(reservation);
    const extra = actualMicrousd - reservation.consumedMicrousd;
    let charged = 0n;
    let shortfall = 0n;
    if (extra > 0n) {
      try {
        await spend(tx, ctx, reservation, extra, "settlement", {
          actualMicrousd: Number(actualMicrousd),
        });
        charged = extra;
      } catch (error) {
        if (!(error instanceof InsufficientCredits)) throw error;
        const coverable = reservation.heldMicrousd + error.available;
        if (coverable > 0n) {
          await spend(tx, ctx, reservation, coverable, "settlement", {
            actualMicrousd: Number(actualMicrousd),
            shortfallMicrousd: Number(extra - coverable),
          });
        }
        charged = coverable;
        shortfall = extra - coverable;
      }
    }
    const released = reservation.heldMicrousd;
    if (released > 0n) {
      await applyLedgerEntry(tx, ctx.clock, {
        workspaceId: reservation.workspaceId,
        kind: "release",
        postedDelta: 0n,
        heldDelta: -released,
        reservationId,
        operation: reservation.operation,
      });
    }
    await tx.creditReservation.update({
      where: { id: reservationId },
      data: { heldMicrousd: 0n, status: "settled", closedAt: ctx.clock.now() },
    });
    return { chargedMicrousd: charged, releasedMicrousd: released, shortfallMicrousd: shortfall };
  });
}
