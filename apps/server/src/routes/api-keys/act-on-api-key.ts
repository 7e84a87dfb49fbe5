import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { actOnApiKey as actOnApiKeyService } from "../../services/api-keys/act-on-api-key.js";

export const actOnApiKey = defineHandler("actOnApiKey")(async ({ op, params, body }) => ({
  status: 200,
  body: await actOnApiKeyService({ ...sessionOp(op), keyId: params.keyId, input: body }),
}));
