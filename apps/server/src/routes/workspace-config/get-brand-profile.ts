import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getBrandProfile as getBrandProfileService } from "../../services/workspace-config/get-brand-profile.js";

export const getBrandProfile = defineHandler("getBrandProfile")(async ({ app, workspace }) => ({
  status: 200,
  body: await getBrandProfileService({ ctx: app, workspace: workspaceOf(workspace) }),
}));
