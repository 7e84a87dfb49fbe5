import type { Logger } from "pino";
import Stripe from "stripe";
import type { z } from "zod";
import { errors } from "../../errors/app-error.js";
import type { Operation } from "../operation.js";
import { creditCheckoutSession } from "./credit-checkout-session.js";
import { failCheckoutSession } from "./fail-checkout-session.js";
import { checkoutSessionSchema, stripeEventSchema } from "./stripe-event.js";

type StripeEvent = z.infer<typeof stripeEventSchema>;

/** Signatures older than this (by the server's clock) are refused. */
export const webhookToleranceSeconds = 300;

export interface ReceiveStripeWebhookOptions extends Operation {
  log: Logger;
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
  const { log } = options;
  const event = verifyStripeEvent(options);
  const outcome = await applyStripeEvent(options, event);
  log.info({ stripeEventId: event.id, stripeEventType: event.type, outcome }, "stripe webhook");
  return { received: true };
}

/** What a checkout session's event does to its receipt. */
const checkoutActions: Record<string, "credit" | "fail"> = {
  "checkout.session.completed": "credit",
  "checkout.session.async_payment_succeeded": "credit",
  "checkout.session.expired": "fail",
  "checkout.session.async_payment_failed": "fail",
};

async function applyStripeEvent(
  options: ReceiveStripeWebhookOptions,
  event: StripeEvent,
): Promise<string> {
  const { ctx, log, principal, requestId } = options;
  const action = checkoutActions[event.type];
  if (!action) return "ignored";
  const session = checkoutSessionSchema.safeParse(event.data.object);
  if (!session.success) {
    // Only the secret's holder can sign an event, so this is the sender's bug: acknowledged
    // (Stripe would retry it for days otherwise), changing nothing, and logged loudly.
    log.warn(
      { stripeEventId: event.id, stripeEventType: event.type, issues: session.error.issues },
      "stripe event's data.object is not a checkout session; ignored",
    );
    return "not_a_session";
  }
  const common = { ctx, log, principal, requestId, stripeEventId: event.id };
  if (action === "fail") {
    return failCheckoutSession({
      ...common,
      reason: event.type,
      checkoutSessionId: session.data.id,
    });
  }
  // Delayed payment methods complete unpaid; their money arrives with async_payment_succeeded.
  if (session.data.payment_status !== "paid") return "not_paid";
  return creditCheckoutSession({ ...common, session: session.data });
}

function verifyStripeEvent(options: ReceiveStripeWebhookOptions): StripeEvent {
  const secret = options.ctx.config.stripe.webhookSecret;
  if (!secret) throw errors.billingUnavailable("STRIPE_WEBHOOK_SECRET");
  let event: unknown;
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
    throw errors.invalidSignature();
  }
  const parsed = stripeEventSchema.safeParse(event);
  if (!parsed.success) throw notAnEvent();
  return parsed.data;
}

const notAnEvent = () =>
  errors.field("body", "json", "The webhook payload is not a Stripe event object.");
