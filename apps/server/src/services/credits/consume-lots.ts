import type { Prisma } from "@geopulse/db";
import { minMicrousd } from "./micro-usd.js";

/**
 * Takes `amount` from the workspace's lots, soonest-expiring first (lots that
 * never expire last). Called after the account row was updated in the same
 * transaction, so the row lock serialises every writer of this workspace.
 */
export async function consumeLots(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  amount: bigint,
): Promise<void> {
  let left = amount;
  const lots = await tx.creditLot.findMany({
    where: { workspaceId, remainingMicrousd: { gt: 0 } },
    orderBy: [{ expiresAt: { sort: "asc", nulls: "last" } }, { createdAt: "asc" }, { id: "asc" }],
  });
  for (const lot of lots) {
    if (left === 0n) break;
    const take = minMicrousd(lot.remainingMicrousd, left);
    await tx.creditLot.update({
      where: { id: lot.id },
      data: { remainingMicrousd: { decrement: take } },
    });
    left -= take;
  }
  // posted = sum of lot remainders, so the account update already guaranteed enough.
  if (left !== 0n) throw new Error(`lots of ${workspaceId} short by ${left} micro-USD`);
}
