import type { CreditReservation, Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { newId } from "../../ids.js";
import { applyLedgerEntry, InsufficientCredits } from "./apply-ledger-entry.js";
import { expireLots } from "./expire-lots.js";

export type MeteredOperation = "run" | "seo_refresh" | "chat" | "prompt_generation" | "research";

/** How long an open reservation may live before the reaper releases it. */
export const defaultReservationTtlMs = 6 * 3600_000;

export interface ReserveCreditsOptions {
  ctx: AppContext;
  workspaceId: string;
  operation: MeteredOperation;
  operationId?: string;
  estimateMicrousd: bigint;
  ttlMs?: number;
}

/**
 * Holds the estimate of a metered operation inside the caller's transaction
 * (so the hold commits or rolls back with the operation it pays for). Throws
 * 402 insufficient_credits with what was required and what is available.
 */
export async function holdCredits(
  tx: Prisma.TransactionClient,
  ctx: AppContext,
  options: Omit<ReserveCreditsOptions, "ctx">,
): Promise<CreditReservation> {
  const { workspaceId, estimateMicrousd } = options;
  if (estimateMicrousd <= 0n) throw new Error("a reservation needs a positive estimate");
  try {
    await expireLots(tx, ctx.clock, workspaceId);
    const now = ctx.clock.now();
    const id = newId("rsv", ctx.clock);
    await applyLedgerEntry(tx, ctx.clock, {
      workspaceId,
      kind: "reservation",
      postedDelta: 0n,
      heldDelta: estimateMicrousd,
      reservationId: id,
      operation: options.operation,
    });
    return await tx.creditReservation.create({
      data: {
        id,
        workspaceId,
        operation: options.operation,
        operationId: options.operationId ?? null,
        estimateMicrousd,
        heldMicrousd: estimateMicrousd,
        consumedMicrousd: 0n,
        status: "open",
        expiresAt: new Date(now.getTime() + (options.ttlMs ?? defaultReservationTtlMs)),
        createdAt: now,
      },
    });
  } catch (error) {
    if (error instanceof InsufficientCredits) {
      throw errors.insufficientCredits(estimateMicrousd, error.available);
    }
    throw error;
  }
}

/** Holds the estimate of a metered operation up front, in its own transaction. */
export function reserveCredits(options: ReserveCreditsOptions): Promise<CreditReservation> {
  return options.ctx.prisma.$transaction((tx) => holdCredits(tx, options.ctx, options));
}
