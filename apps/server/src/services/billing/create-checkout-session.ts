import { randomUUID } from "node:crypto";
import type { RequestBody, ResponseBody } from "@geopulse/api-types";
import type { Logger } from "pino";
import type Stripe from "stripe";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { stripeClient, stripeErrorDetails } from "./stripe-client.js";

/** Micro-USD per US cent: Stripe charges `amountMicrousd / 10,000` cents. */
export const microusdPerCent = 10_000n;

export const checkoutProductName = "GEO Pulse credits";

export interface CreateCheckoutSessionOptions extends WorkspaceOperation {
  log: Logger;
  principal: SessionPrincipal;
  input: RequestBody<"createCheckoutSession">;
}

/**
 * Opens a Stripe Checkout session for the amount (the contract bounds it to
 * $5..$500 in whole cents) and records a pending receipt; the credit comes
 * with the `checkout.session.completed` webhook, for the receipt's amount.
 */
export async function createCheckoutSession(
  options: CreateCheckoutSessionOptions,
): Promise<ResponseBody<"createCheckoutSession", 201>> {
  const { ctx, principal, workspace } = options;
  const stripe = stripeClient(ctx.config);
  const amountMicrousd = BigInt(options.input.amountMicrousd);
  const billingPage = `${ctx.config.publicUrl}/workspaces/${encodeURIComponent(workspace.slug)}/billing`;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: Number(amountMicrousd / microusdPerCent),
              product_data: { name: checkoutProductName },
            },
          },
        ],
        success_url: `${billingPage}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${billingPage}?checkout=cancelled`,
        client_reference_id: workspace.id,
        metadata: { workspaceId: workspace.id, amountMicrousd: amountMicrousd.toString() },
      },
      // One key per call: the client's own retries of this request reuse it.
      { idempotencyKey: `checkout_${randomUUID()}` },
    );
  } catch (error) {
    const details = stripeErrorDetails(error);
    if (!details) throw error;
    options.log.warn({ ...details, workspaceId: workspace.id }, "stripe checkout failed");
    throw errors.paymentProviderError();
  }
  const url = session.url;
  if (!url) {
    options.log.warn({ checkoutSessionId: session.id }, "stripe checkout session has no url");
    throw errors.paymentProviderError();
  }

  try {
    await ctx.prisma.$transaction(async (tx) => {
      await tx.checkoutReceipt.create({
        data: {
          checkoutSessionId: session.id,
          workspaceId: workspace.id,
          amountMicrousd,
          status: "pending",
          url,
          createdByUserId: principal.userId,
          createdAt: ctx.clock.now(),
        },
      });
      await audit(options, tx, "billing.checkout", ["checkout_session", session.id], {
        amountMicrousd: Number(amountMicrousd),
      });
    });
  } catch (error) {
    // Without its receipt the session could never be credited: make sure it can never be paid.
    await stripe.checkout.sessions
      .expire(session.id)
      .catch((expireError: unknown) =>
        options.log.error(
          { err: expireError, checkoutSessionId: session.id },
          "could not expire a checkout session whose receipt was not recorded",
        ),
      );
    throw error;
  }
  return { url, checkoutSessionId: session.id };
}
