import { defineHandler } from "../../http/handler.js";
import { sessionOf, workspaceOf } from "../../http/require.js";
import { createApiKey as createApiKeyService } from "../../services/api-keys/create-api-key.js";

export const createApiKey = defineHandler("createApiKey")(
  async ({ app, principal, workspace, body, requestId }) => ({
    status: 201,
    body: await createApiKeyService({
      ctx: app,
      principal: sessionOf(principal),
      workspace: workspaceOf(workspace),
      requestId,
      input: body,
    }),
  }),
);
