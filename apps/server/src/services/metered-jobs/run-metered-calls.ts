import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { type CreditBudget, openCreditBudget } from "../credits/credit-budget.js";
import { settleOnce } from "../credits/settle-once.js";
import { LostRace } from "./lost-race.js";

/** What one paid call came to: its value or why it failed, and what it is billed. */
export type CallOutcome<R> = ({ value: R } | { error: string }) & { costMicrousd: bigint };

export interface RunMeteredCallsOptions<Call, R> {
  ctx: AppContext;
  /** The job's reservation, and what its recorded calls were billed so far. */
  reservationId: string | null;
  committedMicrousd: bigint;
  /** Every planned call, in order; those before `from` are recorded already. */
  calls: readonly Call[];
  from: number;
  /** The most one call is billed. */
  ceiling(call: Call): bigint;
  /**
   * The call's work (its outcome with the cost the provider reported), or
   * why it cannot be made (its provider's key is gone).
   */
  work(call: Call, index: number): (() => Promise<CallOutcome<R>>) | string;
  /**
   * Records one call's outcome (billed at most its ceiling) in its own
   * transaction; throws LostRace when its guarded update matches nothing.
   */
  record(
    tx: Prisma.TransactionClient,
    call: Call,
    index: number,
    outcome: CallOutcome<R>,
  ): Promise<void>;
}

/**
 * Makes the remaining calls of a paid background job (prompt generation,
 * research) in order. A call is made only when the job's credit budget covers
 * its ceiling, and billed at most that; a call the budget refuses, or whose
 * provider is gone, is recorded as failed. Returns false when another worker
 * had recorded a call already (this one stops), true once every call is recorded.
 */
export async function runMeteredCalls<Call, R>(
  options: RunMeteredCallsOptions<Call, R>,
): Promise<boolean> {
  const { ctx, calls } = options;
  const budget = await openCreditBudget({
    ctx,
    reservationId: options.reservationId,
    committedMicrousd: options.committedMicrousd,
  });
  for (let index = options.from; index < calls.length; index++) {
    const call = calls[index] as Call;
    const work = options.work(call, index);
    const outcome: CallOutcome<R> =
      typeof work === "string"
        ? { error: work, costMicrousd: 0n }
        : await payFor(budget, options.ceiling(call), work);
    try {
      await ctx.prisma.$transaction((tx) => options.record(tx, call, index, outcome));
    } catch (error) {
      if (error instanceof LostRace) return false; // another worker recorded this call
      throw error;
    }
  }
  return true;
}

async function payFor<R>(
  budget: CreditBudget,
  ceiling: bigint,
  work: () => Promise<CallOutcome<R>>,
): Promise<CallOutcome<R>> {
  const paid = await budget.payFor(ceiling, work, (o) => o.costMicrousd);
  return paid
    ? { ...paid.result, costMicrousd: paid.billedMicrousd }
    : { error: budget.stopReason ?? "insufficient_credits", costMicrousd: 0n };
}

/**
 * The fields that finish a paid job: its status (succeeded; failed when every
 * call failed; else partial), what the ledger charged when its reservation
 * was settled at the recorded cost (exactly once), and the time.
 */
export async function finishMeteredJob(
  ctx: AppContext,
  job: { reservationId: string | null; costMicrousd: bigint },
  calls: { failed: number; planned: number },
) {
  const status =
    calls.failed === 0 ? "succeeded" : calls.failed >= calls.planned ? "failed" : "partial";
  const charged = job.reservationId
    ? (await settleOnce(ctx, job.reservationId, job.costMicrousd)).chargedMicrousd
    : 0n;
  return {
    status,
    costMicrousd: charged,
    finishedAt: ctx.clock.now(),
    ...(status === "succeeded" ? { error: null } : {}),
  };
}
