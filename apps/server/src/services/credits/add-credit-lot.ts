import type { CreditLot, Prisma } from "@geopulse/db";
import type { Clock } from "../../clock.js";
import { newId } from "../../ids.js";
import { applyLedgerEntry, ensureCreditAccount } from "./apply-ledger-entry.js";

export interface AddCreditLotOptions {
  tx: Prisma.TransactionClient;
  clock: Clock;
  workspaceId: string;
  source: "grant" | "top_up" | "purchase";
  amountMicrousd: bigint;
  /** Undefined: the credit does not expire. */
  expiresAt?: Date;
  idempotencyKey?: string;
  checkoutSessionId?: string;
  metadata?: Prisma.InputJsonValue;
  /** A pre-generated lot id, when another row must point at the lot. */
  lotId?: string;
}

/**
 * Adds credit: a lot and its ledger entry, in the caller's transaction. The
 * unique columns (workspace + idempotency key, checkout session) make a
 * replayed credit fail with P2002 instead of crediting twice.
 */
export async function addCreditLot(options: AddCreditLotOptions): Promise<CreditLot> {
  const { tx, clock } = options;
  await ensureCreditAccount(tx, clock, options.workspaceId);
  const lot = await tx.creditLot.create({
    data: {
      id: options.lotId ?? newId("lot", clock),
      workspaceId: options.workspaceId,
      source: options.source,
      amountMicrousd: options.amountMicrousd,
      remainingMicrousd: options.amountMicrousd,
      expiresAt: options.expiresAt ?? null,
      idempotencyKey: options.idempotencyKey ?? null,
      checkoutSessionId: options.checkoutSessionId ?? null,
      createdAt: clock.now(),
    },
  });
  await applyLedgerEntry(tx, clock, {
    workspaceId: options.workspaceId,
    kind: options.source,
    postedDelta: options.amountMicrousd,
    heldDelta: 0n,
    lotId: lot.id,
    ...(options.metadata === undefined ? {} : { metadata: options.metadata }),
  });
  return lot;
}
