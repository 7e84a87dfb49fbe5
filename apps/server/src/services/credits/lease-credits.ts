import type { CreditReservation, Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { applyLedgerEntry, InsufficientCredits } from "./apply-ledger-entry.js";
import { consumeLots } from "./consume-lots.js";
import { lockReservation } from "./lock-reservation.js";

export interface LeaseCreditsOptions {
  ctx: AppContext;
  reservationId: string;
  amountMicrousd: bigint;
}

/**
 * Spends part of a reservation while the operation runs. A lease beyond what
 * is still held first extends the hold from the available balance, or fails
 * with 402 insufficient_credits (the operation should stop).
 */
export async function leaseCredits(options: LeaseCreditsOptions): Promise<CreditReservation> {
  const { ctx, reservationId, amountMicrousd } = options;
  if (amountMicrousd <= 0n) throw new Error("a lease needs a positive amount");
  try {
    return await ctx.prisma.$transaction(async (tx) => {
      const reservation = await lockReservation(tx, reservationId);
      if (reservation.status !== "open") throw errors.reservationClosed(reservation);
      await spend(tx, ctx, reservation, amountMicrousd, "lease");
      return tx.creditReservation.findUniqueOrThrow({ where: { id: reservationId } });
    });
  } catch (error) {
    if (error instanceof InsufficientCredits)
      throw errors.insufficientCredits(amountMicrousd, error.available);
    throw error;
  }
}

/**
 * Moves `amount` from held to spent: extends the hold when needed (may throw
 * InsufficientCredits), takes it from posted credit and from the lots.
 */
export async function spend(
  tx: Prisma.TransactionClient,
  ctx: AppContext,
  reservation: CreditReservation,
  amount: bigint,
  kind: "lease" | "settlement",
  metadata?: Prisma.InputJsonValue,
): Promise<void> {
  const base = {
    workspaceId: reservation.workspaceId,
    reservationId: reservation.id,
    operation: reservation.operation,
  };
  const extension = amount - reservation.heldMicrousd;
  if (extension > 0n) await recordHoldExtension(tx, ctx, reservation, extension);
  await applyLedgerEntry(tx, ctx.clock, {
    ...base,
    kind,
    postedDelta: -amount,
    heldDelta: -amount,
    ...(metadata === undefined ? {} : { metadata }),
  });
  await consumeLots(tx, reservation.workspaceId, amount);
  const held = extension > 0n ? 0n : reservation.heldMicrousd - amount;
  await tx.creditReservation.update({
    where: { id: reservation.id },
    data: { heldMicrousd: held, consumedMicrousd: { increment: amount } },
  });
  reservation.heldMicrousd = held;
  reservation.consumedMicrousd += amount;
}

/** The ledger entry that holds `amount` more for an open reservation (may throw InsufficientCredits). */
export async function recordHoldExtension(
  tx: Prisma.TransactionClient,
  ctx: AppContext,
  reservation: CreditReservation,
  amount: bigint,
): Promise<void> {
  await applyLedgerEntry(tx, ctx.clock, {
    workspaceId: reservation.workspaceId,
    reservationId: reservation.id,
    operation: reservation.operation,
    kind: "reservation",
    postedDelta: 0n,
    heldDelta: amount,
    metadata: { extension: true },
  });
}
