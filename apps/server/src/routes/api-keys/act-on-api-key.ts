import { defineHandler } from "../../http/handler.js";
import { sessionOf } from "../../http/require.js";
import { actOnApiKey as actOnApiKeyService } from "../../services/api-keys/act-on-api-key.js";

export const actOnApiKey = defineHandler("actOnApiKey")(async ({ op, params, body }) => ({
  status: 200,
  body: await actOnApiKeyService({
    ...op,
    principal: sessionOf(op.principal),
    keyId: params.keyId,
    input: body,
  }),
}));
