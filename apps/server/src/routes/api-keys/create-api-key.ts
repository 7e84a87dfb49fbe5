import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { createApiKey as createApiKeyService } from "../../services/api-keys/create-api-key.js";

export const createApiKey = defineHandler("createApiKey")(async ({ op, body }) => ({
  status: 201,
  body: await createApiKeyService({ ...sessionOp(op), input: body }),
}));
