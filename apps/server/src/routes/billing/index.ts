import type { HandlerRegistry } from "../../http/handler.js";
import { createCheckoutSession } from "./create-checkout-session.js";
import { getBillingStatus } from "./get-billing-status.js";
import { receiveStripeWebhook } from "./receive-stripe-webhook.js";

/** Stripe checkout, billing status and the payment webhook. */
export const billingHandlers: HandlerRegistry = {
  createCheckoutSession,
  getBillingStatus,
  receiveStripeWebhook,
};
