import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { updateWorkspaceSettings as updateWorkspaceSettingsService } from "../../services/workspace-config/update-workspace-settings.js";

export const updateWorkspaceSettings = defineHandler("updateWorkspaceSettings")(
  async ({ app, principal, workspace, requestId, body }) => ({
    status: 200,
    body: await updateWorkspaceSettingsService({
      ctx: app,
      workspace: workspaceOf(workspace),
      principal,
      requestId,
      input: body,
    }),
  }),
);
