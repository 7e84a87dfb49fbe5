import type { CheckoutReceipt } from "@geopulse/db";
import type { Logger } from "pino";
import { isUniqueViolation } from "../../db-errors.js";
import { audit } from "../audit/audit.js";
import { addCreditLot } from "../credits/add-credit-lot.js";
import type { Operation } from "../operation.js";
import { microusdPerCent } from "./create-checkout-session.js";
import type { CheckoutSessionObject } from "./stripe-event.js";

export type CreditOutcome = "credited" | "already_credited" | "unknown_session" | "mismatch";

export interface CreditCheckoutSessionOptions extends Operation {
  log: Logger;
  stripeEventId: string;
  /** The paid session, as the verified event carries it. */
  session: CheckoutSessionObject;
}

/**
 * Credits a paid checkout session exactly once, however often and however
 * concurrently its events arrive: in one transaction, the purchase lot (whose
 * checkout session id is UNIQUE), the receipt marked succeeded and the audit
 * record. A delivery that loses the race fails on that constraint (P2002),
 * rolls back, and is answered as already credited. The amount credited is the
 * receipt's, recorded when the session was created; the event must agree.
 */
export async function creditCheckoutSession(
  options: CreditCheckoutSessionOptions,
): Promise<CreditOutcome> {
  const { ctx, log, session } = options;
  const where = { checkoutSessionId: session.id };
  try {
    return await ctx.prisma.$transaction(async (tx) => {
      const receipt = await tx.checkoutReceipt.findUnique({ where });
      if (!receipt) {
        log.warn(
          { checkoutSessionId: session.id },
          "paid checkout session has no receipt; ignored",
        );
        return "unknown_session";
      }
      const mismatch = mismatchOf(receipt, session);
      if (mismatch) {
        log.error(
          { checkoutSessionId: session.id, workspaceId: receipt.workspaceId, mismatch },
          "paid checkout session disagrees with its receipt; not credited",
        );
        return "mismatch";
      }
      const lot = await addCreditLot({
        tx,
        clock: ctx.clock,
        workspaceId: receipt.workspaceId,
        source: "purchase",
        amountMicrousd: receipt.amountMicrousd,
        checkoutSessionId: session.id,
        metadata: { checkoutSessionId: session.id, stripeEventId: options.stripeEventId },
      });
      await tx.checkoutReceipt.update({
        where,
        data: { status: "succeeded", completedAt: ctx.clock.now() },
      });
      await audit(
        { ...options, workspace: { id: receipt.workspaceId } },
        tx,
        "billing.purchase",
        ["checkout_session", session.id],
        {
          amountMicrousd: Number(receipt.amountMicrousd),
          lotId: lot.id,
          stripeEventId: options.stripeEventId,
        },
      );
      return "credited";
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Only the checkout session's own lot may explain the violation.
    const lot = await ctx.prisma.creditLot.findUnique({ where });
    if (!lot) throw error;
    return "already_credited";
  }
}

/** What in the event contradicts the receipt, or undefined when they agree. */
function mismatchOf(
  receipt: CheckoutReceipt,
  session: CheckoutSessionObject,
): Record<string, unknown> | undefined {
  const expected = {
    workspaceId: receipt.workspaceId,
    amountMicrousd: receipt.amountMicrousd.toString(),
    amountTotal: Number(receipt.amountMicrousd / microusdPerCent),
    currency: "usd",
  };
  const actual = {
    workspaceId: session.metadata?.workspaceId,
    amountMicrousd: session.metadata?.amountMicrousd,
    amountTotal: session.amount_total,
    currency: session.currency,
  };
  const differs = (Object.keys(expected) as Array<keyof typeof expected>).some(
    (key) => expected[key] !== actual[key],
  );
  return differs ? { expected, actual } : undefined;
}
