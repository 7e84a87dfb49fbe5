import type { AppContext } from "../../context.js";
import { AppError } from "../../errors/app-error.js";
import { extendHold } from "./extend-hold.js";
import { minMicrousd } from "./micro-usd.js";

/** What a metered operation's work may still spend: its reservation, extended from the balance when needed. */
export interface CreditBudget {
  /**
   * Claims `ceiling` (the most one piece of work can be billed) before the
   * work starts. False when neither the reservation nor the available balance
   * can pay for it: the work must not start, and every later claim is refused
   * too (the operation stops asking).
   */
  claim(ceilingMicrousd: bigint): Promise<boolean>;
  /** Gives back the part of a claim the work was not billed. */
  refund(amountMicrousd: bigint): void;
  /**
   * Claims `ceiling`, does the work, and bills it its reported cost capped at
   * the ceiling (the unbilled rest goes back to the budget). Undefined, with
   * the work not done, when the claim is refused.
   */
  payFor<T>(
    ceilingMicrousd: bigint,
    work: () => Promise<T>,
    reportedCost: (result: T) => bigint,
  ): Promise<{ result: T; billedMicrousd: bigint } | undefined>;
  /** Refuses every later claim (the reservation can no longer be charged). */
  exhaust(reason: string): void;
  /** Why claims are refused, once they are. */
  readonly stopReason: string | undefined;
}

export interface OpenCreditBudgetOptions {
  ctx: AppContext;
  /** Null when the operation reserved nothing: only free work may start. */
  reservationId: string | null;
  /** What the operation's recorded work was billed so far (leased or not). */
  committedMicrousd: bigint;
}

/**
 * The budget of a metered operation as it resumes: what its reservation
 * covers (spent + still held) less what its recorded work was billed. Claims
 * are counted in memory (one read here); the database is touched again only
 * to extend the hold when a claim does not fit, one extension at a time.
 */
export async function openCreditBudget(options: OpenCreditBudgetOptions): Promise<CreditBudget> {
  const { ctx, reservationId } = options;
  const reservation = reservationId
    ? await ctx.prisma.creditReservation.findUnique({ where: { id: reservationId } })
    : null;
  let room =
    reservation?.status === "open"
      ? reservation.consumedMicrousd + reservation.heldMicrousd - options.committedMicrousd
      : 0n;
  let stopReason: string | undefined =
    reservation && reservation.status !== "open"
      ? `insufficient_credits: the reservation is already ${reservation.status}.`
      : undefined;
  let extending: Promise<unknown> = Promise.resolve();

  const extend = async (needed: bigint): Promise<boolean> => {
    if (!reservationId) {
      stopReason = "insufficient_credits: nothing was reserved for this work.";
      return false;
    }
    try {
      await extendHold({ ctx, reservationId, amountMicrousd: needed });
      room += needed;
      return true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code !== "insufficient_credits" && error.code !== "reservation_closed") throw error;
      stopReason =
        error.code === "insufficient_credits"
          ? "insufficient_credits: the reservation and the available balance cannot pay for more answers."
          : `insufficient_credits: ${error.message}`;
      return false;
    }
  };

  const budget: CreditBudget = {
    async claim(ceiling) {
      if (stopReason) return false;
      if (room >= ceiling) {
        room -= ceiling;
        return true;
      }
      // One extension at a time; each claim re-checks the room the previous one left.
      const turn = extending.then(async () => {
        if (stopReason) return false;
        if (room < ceiling && !(await extend(ceiling - room))) return false;
        room -= ceiling;
        return true;
      });
      extending = turn.catch(() => undefined);
      return turn;
    },
    refund(amount) {
      if (amount > 0n) room += amount;
    },
    async payFor(ceiling, work, reportedCost) {
      if (!(await budget.claim(ceiling))) return undefined;
      // Work that throws spent nothing we know of: its claim goes back to the budget.
      const result = await work().catch((error: unknown) => {
        budget.refund(ceiling);
        throw error;
      });
      const reported = reportedCost(result);
      const billed = reported < 0n ? 0n : minMicrousd(reported, ceiling);
      budget.refund(ceiling - billed);
      return { result, billedMicrousd: billed };
    },
    exhaust(reason) {
      stopReason ??= reason;
    },
    get stopReason() {
      return stopReason;
    },
  };
  return budget;
}
