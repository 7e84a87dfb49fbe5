import { defineHandler } from "../../http/handler.js";
import { sessionOf, workspaceOf } from "../../http/require.js";
import { actOnApiKey as actOnApiKeyService } from "../../services/api-keys/act-on-api-key.js";

export const actOnApiKey = defineHandler("actOnApiKey")(
  async ({ app, principal, workspace, params, body, requestId }) => ({
    status: 200,
    body: await actOnApiKeyService({
      ctx: app,
      principal: sessionOf(principal),
      workspace: workspaceOf(workspace),
      requestId,
      keyId: params.keyId,
      input: body,
    }),
  }),
);
