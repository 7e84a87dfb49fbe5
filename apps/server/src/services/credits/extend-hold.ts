import type { CreditReservation } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { InsufficientCredits } from "./apply-ledger-entry.js";
import { recordHoldExtension } from "./lease-credits.js";
import { lockReservation } from "./lock-reservation.js";

export interface ExtendHoldOptions {
  ctx: AppContext;
  reservationId: string;
  amountMicrousd: bigint;
}

/**
 * Holds `amount` more for an open reservation, from the available balance:
 * 402 insufficient_credits when the balance cannot, 409 reservation_closed
 * when the reservation was settled or released meanwhile.
 */
export async function extendHold(options: ExtendHoldOptions): Promise<CreditReservation> {
  const { ctx, reservationId, amountMicrousd } = options;
  if (amountMicrousd <= 0n) throw new Error("an extension needs a positive amount");
  try {
    return await ctx.prisma.$transaction(async (tx) => {
      const reservation = await lockReservation(tx, reservationId);
      if (reservation.status !== "open") throw errors.reservationClosed(reservation);
      await recordHoldExtension(tx, ctx, reservation, amountMicrousd);
      return tx.creditReservation.update({
        where: { id: reservationId },
        data: { heldMicrousd: { increment: amountMicrousd } },
      });
    });
  } catch (error) {
    if (error instanceof InsufficientCredits)
      throw errors.insufficientCredits(amountMicrousd, error.available);
    throw error;
  }
}
