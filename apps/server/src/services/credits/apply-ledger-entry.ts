import type { Prisma } from "@geopulse/db";
import type { Clock } from "../../clock.js";
import { newId } from "../../ids.js";

export type LedgerKind =
  | "grant"
  | "top_up"
  | "purchase"
  | "reservation"
  | "lease"
  | "settlement"
  | "release"
  | "expiry";

export interface LedgerEntryInput {
  workspaceId: string;
  kind: LedgerKind;
  postedDelta: bigint;
  heldDelta: bigint;
  reservationId?: string;
  lotId?: string;
  operation?: string;
  metadata?: Prisma.InputJsonValue;
}

export interface AccountBalance {
  posted: bigint;
  held: bigint;
}

/** The available balance could not cover the change; carries what was available. */
export class InsufficientCredits extends Error {
  override name = "InsufficientCredits";
  constructor(readonly available: bigint) {
    super("insufficient credits");
  }
}

/**
 * The one way a balance changes: one conditional UPDATE of the account row
 * (which also locks it until the transaction ends) and one appended ledger
 * entry. The UPDATE applies only if held stays >= 0 and posted stays >= held,
 * so concurrent writers can never overspend; the table's CHECK constraints
 * back this up. Throws InsufficientCredits when the condition fails.
 */
export async function applyLedgerEntry(
  tx: Prisma.TransactionClient,
  clock: Clock,
  entry: LedgerEntryInput,
): Promise<AccountBalance> {
  const now = clock.now();
  const updated = await tx.$queryRaw<Array<{ posted: bigint; held: bigint }>>`
    UPDATE credit_accounts
    SET posted_microusd = posted_microusd + ${entry.postedDelta},
        held_microusd = held_microusd + ${entry.heldDelta},
        updated_at = ${now}
    WHERE workspace_id = ${entry.workspaceId}
      AND held_microusd + ${entry.heldDelta} >= 0
      AND posted_microusd + ${entry.postedDelta} >= held_microusd + ${entry.heldDelta}
    RETURNING posted_microusd AS posted, held_microusd AS held`;
  const balance = updated[0];
  if (!balance) {
    const account = await tx.creditAccount.findUnique({
      where: { workspaceId: entry.workspaceId },
    });
    throw new InsufficientCredits(account ? account.postedMicrousd - account.heldMicrousd : 0n);
  }
  await tx.creditLedgerEntry.create({
    data: {
      id: newId("led", clock),
      workspaceId: entry.workspaceId,
      kind: entry.kind,
      postedDeltaMicrousd: entry.postedDelta,
      heldDeltaMicrousd: entry.heldDelta,
      reservationId: entry.reservationId ?? null,
      lotId: entry.lotId ?? null,
      operation: entry.operation ?? null,
      ...(entry.metadata === undefined ? {} : { metadata: entry.metadata }),
      createdAt: now,
    },
  });
  return { posted: BigInt(balance.posted), held: BigInt(balance.held) };
}

/** Creates the account row (zero balance) if the workspace has none. */
export async function ensureCreditAccount(
  tx: Prisma.TransactionClient,
  clock: Clock,
  workspaceId: string,
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO credit_accounts (workspace_id, posted_microusd, held_microusd, updated_at)
    VALUES (${workspaceId}, 0, 0, ${clock.now()})
    ON CONFLICT (workspace_id) DO NOTHING`;
}
