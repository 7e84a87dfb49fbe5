import { defineHandler } from "../../http/handler.js";
import { sessionOf } from "../../http/require.js";
import { createCheckoutSession as createCheckoutSessionService } from "../../services/billing/create-checkout-session.js";

export const createCheckoutSession = defineHandler("createCheckoutSession")(
  async ({ op, log, body }) => ({
    status: 201,
    body: await createCheckoutSessionService({
      ...op,
      log,
      principal: sessionOf(op.principal),
      input: body,
    }),
  }),
);
