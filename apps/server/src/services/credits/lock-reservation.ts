import type { CreditReservation, Prisma } from "@geopulse/db";

/**
 * Reads a reservation with a row lock, so lease, settle, release and the
 * reaper act on it one at a time (settled or released exactly once).
 */
export async function lockReservation(
  tx: Prisma.TransactionClient,
  reservationId: string,
): Promise<CreditReservation> {
  await tx.$executeRaw`SELECT 1 FROM credit_reservations WHERE id = ${reservationId} FOR UPDATE`;
  const reservation = await tx.creditReservation.findUnique({ where: { id: reservationId } });
  if (!reservation) throw new Error(`unknown reservation ${reservationId}`);
  return reservation;
}
