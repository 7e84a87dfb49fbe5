import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getWorkspaceSettings as getWorkspaceSettingsService } from "../../services/workspace-config/get-workspace-settings.js";

export const getWorkspaceSettings = defineHandler("getWorkspaceSettings")(
  async ({ app, workspace }) => ({
    status: 200,
    body: await getWorkspaceSettingsService({ ctx: app, workspace: workspaceOf(workspace) }),
  }),
);
