import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { listApiKeys as listApiKeysService } from "../../services/api-keys/list-api-keys.js";
import { sweepApiKeys } from "../../services/api-keys/sweep-api-keys.js";

export const listApiKeys = defineHandler("listApiKeys")(async ({ app, workspace, query }) => {
  await sweepApiKeys(app);
  return {
    status: 200,
    body: await listApiKeysService({
      ctx: app,
      workspace: workspaceOf(workspace),
      limit: query.limit ?? 20,
      cursor: query.cursor,
    }),
  };
});
