import type { Logger } from "pino";
import Stripe from "stripe";
import type { AppContext } from "../../context.js";
import { AppError, errors } from "../../errors/app-error.js";
import type { Principal } from "../../http/principal.js";
import { creditCheckoutSession } from "./credit-checkout-session.js";
import { failCheckoutSession } from "./fail-checkout-session.js";
import { billingUnavailable } from "./stripe-client.js";

/** Signatures older than this (by the server's clock) are refused. */
export const webhookToleranceSeconds = 300;

export interface ReceiveStripeWebhookOptions {
  ctx: AppContext;
  log: Logger;
  principal: Principal;
  requestId: string;
  /** The exact bytes received: the signature covers them. */
  payload: Buffer;
  signature: string | undefined;
}

/**
 * Verifies a Stripe webhook and applies it: a paid checkout credits once, an
 * expired (or asynchronously failed) one fails its pending receipt, anything
 * else is acknowledged and ignored.
 */
export async function receiveStripeWebhook(
  options: ReceiveStripeWebhookOptions,
): Promise<{ received: true }> {
  const { ctx, log, principal, requestId } = options;
  const event = verifyStripeEvent(options);
  const common = { ctx, log, principal, requestId, stripeEventId: event.id };
  let outcome: string;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // Delayed payment methods complete unpaid; their money arrives with async_payment_succeeded.
      outcome =
        session.payment_status === "paid"
          ? await creditCheckoutSession({ ...common, session })
          : "not_paid";
      break;
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      outcome = await failCheckoutSession({
        ...common,
        reason: event.type,
        checkoutSessionId: event.data.object.id,
      });
      break;
    default:
      outcome = "ignored";
  }
  log.info({ stripeEventId: event.id, stripeEventType: event.type, outcome }, "stripe webhook");
  return { received: true };
}

function verifyStripeEvent(options: ReceiveStripeWebhookOptions): Stripe.Event {
  const secret = options.ctx.config.stripe.webhookSecret;
  if (!secret) throw billingUnavailable("STRIPE_WEBHOOK_SECRET");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      options.payload,
      options.signature ?? "",
      secret,
      webhookToleranceSeconds,
      undefined,
      // Milliseconds: stripe divides by 1000 before comparing with the header's `t`.
      options.ctx.clock.now().getTime(),
    );
  } catch (error) {
    // Correctly signed but not JSON (only the secret's holder can send that).
    if (error instanceof SyntaxError) throw notAnEvent();
    // Anything else failed the check; stripe also throws plain errors for malformed headers.
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    options.log.info({ reason }, "stripe webhook not verified");
    throw new AppError(
      "invalid_signature",
      "The Stripe-Signature header is missing, does not match the payload, or is too old.",
    );
  }
  const shape = event as unknown as { id?: unknown; type?: unknown; data?: { object?: unknown } };
  if (
    typeof shape?.id !== "string" ||
    typeof shape.type !== "string" ||
    typeof shape.data?.object !== "object" ||
    shape.data.object === null
  ) {
    throw notAnEvent();
  }
  return event;
}

const notAnEvent = () =>
  errors.field("body", "json", "The webhook payload is not a Stripe event object.");
