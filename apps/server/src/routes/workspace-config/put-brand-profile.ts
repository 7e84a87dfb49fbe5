import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { putBrandProfile as putBrandProfileService } from "../../services/workspace-config/put-brand-profile.js";

export const putBrandProfile = defineHandler("putBrandProfile")(
  async ({ app, principal, workspace, requestId, body }) => ({
    status: 200,
    body: await putBrandProfileService({
      ctx: app,
      workspace: workspaceOf(workspace),
      principal,
      requestId,
      input: body,
    }),
  }),
);
