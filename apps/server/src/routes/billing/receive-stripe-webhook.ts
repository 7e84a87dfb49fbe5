import { defineHandler } from "../../http/handler.js";
import { receiveStripeWebhook as receiveStripeWebhookService } from "../../services/billing/receive-stripe-webhook.js";

/** The body stays raw bytes on /api/v1/webhooks (app.ts): the signature covers them exactly. */
export const receiveStripeWebhook = defineHandler("receiveStripeWebhook")(
  async ({ op, log, req }) => ({
    status: 200,
    body: await receiveStripeWebhookService({
      ...op,
      log,
      payload: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      signature: req.get("stripe-signature"),
    }),
  }),
);
