import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import { listApiKeys as listApiKeysService } from "../../services/api-keys/list-api-keys.js";
import { sweepApiKeys } from "../../services/api-keys/sweep-api-keys.js";

export const listApiKeys = defineHandler("listApiKeys")(async ({ op, app, query }) => {
  await sweepApiKeys(app);
  return {
    status: 200,
    body: await listApiKeysService({ ...op, ...pageOf(query) }),
  };
});
