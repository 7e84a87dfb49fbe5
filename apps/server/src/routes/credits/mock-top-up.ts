import { defineHandler } from "../../http/handler.js";
import { sessionOf, workspaceOf } from "../../http/require.js";
import { mockTopUp as topUp } from "../../services/credits/mock-top-up.js";

export const mockTopUp = defineHandler("mockTopUp")(
  async ({ app, principal, workspace, body, requestId }) => ({
    status: 200,
    body: await topUp({
      ctx: app,
      principal: sessionOf(principal),
      workspace: workspaceOf(workspace),
      requestId,
      input: body,
    }),
  }),
);
