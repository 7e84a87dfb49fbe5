import type { Logger } from "pino";
import { audit } from "../audit/audit.js";
import type { Operation } from "../operation.js";

export type FailOutcome = "failed" | "unchanged";

export interface FailCheckoutSessionOptions extends Operation {
  log: Logger;
  stripeEventId: string;
  /** checkout.session.expired or checkout.session.async_payment_failed. */
  reason: string;
  checkoutSessionId: string;
}

/**
 * Marks a checkout session's receipt failed, only while it is still pending
 * (one conditional update, so a receipt already credited is never undone),
 * with its audit record in the same transaction.
 */
export async function failCheckoutSession(
  options: FailCheckoutSessionOptions,
): Promise<FailOutcome> {
  const { ctx, checkoutSessionId } = options;
  return ctx.prisma.$transaction(async (tx) => {
    const { count } = await tx.checkoutReceipt.updateMany({
      where: { checkoutSessionId, status: "pending" },
      data: { status: "failed" },
    });
    if (count === 0) {
      options.log.info({ checkoutSessionId }, "checkout session not pending; left unchanged");
      return "unchanged";
    }
    const receipt = await tx.checkoutReceipt.findUniqueOrThrow({ where: { checkoutSessionId } });
    await audit(
      { ...options, workspace: { id: receipt.workspaceId } },
      tx,
      "billing.checkout_failed",
      ["checkout_session", checkoutSessionId],
      { reason: options.reason, stripeEventId: options.stripeEventId },
    );
    return "failed";
  });
}
