import { defineHandler } from "../../http/handler.js";
import { sessionOf } from "../../http/require.js";
import { createApiKey as createApiKeyService } from "../../services/api-keys/create-api-key.js";

export const createApiKey = defineHandler("createApiKey")(async ({ op, body }) => ({
  status: 201,
  body: await createApiKeyService({
    ...op,
    principal: sessionOf(op.principal),
    input: body,
  }),
}));
