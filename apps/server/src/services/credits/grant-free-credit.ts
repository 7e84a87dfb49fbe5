import type { Prisma } from "@geopulse/db";
import type { Clock } from "../../clock.js";
import { newId } from "../../ids.js";
import { addCreditLot } from "./add-credit-lot.js";
import { ensureCreditAccount } from "./apply-ledger-entry.js";

export const freeGrantMicrousd = 1_000_000n;
export const freeGrantTtlMs = 30 * 24 * 3600_000;

export interface GrantFreeCreditOptions {
  tx: Prisma.TransactionClient;
  clock: Clock;
  workspaceId: string;
  userId: string;
}

/**
 * Opens the workspace's credit account and, if this person never had one,
 * grants the free credit (expiring in 30 days). The primary key of
 * free_grants on the user id makes "one per person" hold under concurrency.
 */
export async function grantFreeCredit({
  tx,
  clock,
  workspaceId,
  userId,
}: GrantFreeCreditOptions): Promise<boolean> {
  await ensureCreditAccount(tx, clock, workspaceId);
  const now = clock.now();
  const lotId = newId("lot", clock);
  const claimed = await tx.$executeRaw`
    INSERT INTO free_grants (user_id, workspace_id, lot_id, created_at)
    VALUES (${userId}, ${workspaceId}, ${lotId}, ${now})
    ON CONFLICT (user_id) DO NOTHING`;
  if (claimed !== 1) return false;
  await addCreditLot({
    tx,
    clock,
    workspaceId,
    source: "grant",
    amountMicrousd: freeGrantMicrousd,
    expiresAt: new Date(now.getTime() + freeGrantTtlMs),
    lotId,
    metadata: { reason: "free_grant", userId },
  });
  return true;
}
