import type { Prisma } from "@geopulse/db";
import type { Clock } from "../../clock.js";
import { applyLedgerEntry } from "./apply-ledger-entry.js";
import { minMicrousd } from "./micro-usd.js";

/**
 * Expires what is left of lots past their expiry, writing down what the clock
 * decided. Credit that backs open reservations is kept until they let go of it
 * (available never goes negative); a later call expires it.
 */
export async function expireLots(
  tx: Prisma.TransactionClient,
  clock: Clock,
  workspaceId: string,
): Promise<void> {
  const now = clock.now();
  // Lock the account first: every balance writer of this workspace queues here,
  // so two expiries (or an expiry and a spend) never work from the same stale read.
  await tx.$executeRaw`SELECT 1 FROM credit_accounts WHERE workspace_id = ${workspaceId} FOR UPDATE`;
  const due = await tx.creditLot.findMany({
    where: { workspaceId, remainingMicrousd: { gt: 0 }, expiresAt: { lte: now } },
    orderBy: [{ expiresAt: "asc" }, { id: "asc" }],
  });
  if (due.length === 0) return;
  const account = await tx.creditAccount.findUniqueOrThrow({ where: { workspaceId } });
  let unheld = account.postedMicrousd - account.heldMicrousd;
  for (const lot of due) {
    const amount = minMicrousd(lot.remainingMicrousd, unheld);
    if (amount <= 0n) break;
    await tx.creditLot.update({
      where: { id: lot.id },
      data: { remainingMicrousd: { decrement: amount } },
    });
    await applyLedgerEntry(tx, clock, {
      workspaceId,
      kind: "expiry",
      postedDelta: -amount,
      heldDelta: 0n,
      lotId: lot.id,
    });
    unheld -= amount;
  }
}
