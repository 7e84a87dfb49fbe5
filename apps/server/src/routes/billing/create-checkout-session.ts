import { defineHandler } from "../../http/handler.js";
import { sessionOf, workspaceOf } from "../../http/require.js";
import { createCheckoutSession as createCheckoutSessionService } from "../../services/billing/create-checkout-session.js";

export const createCheckoutSession = defineHandler("createCheckoutSession")(
  async ({ app, log, principal, workspace, body, requestId }) => ({
    status: 201,
    body: await createCheckoutSessionService({
      ctx: app,
      log,
      principal: sessionOf(principal),
      workspace: workspaceOf(workspace),
      requestId,
      input: body,
    }),
  }),
);
