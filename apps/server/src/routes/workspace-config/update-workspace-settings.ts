import { defineHandler } from "../../http/handler.js";
import { updateWorkspaceSettings as updateWorkspaceSettingsService } from "../../services/workspace-config/update-workspace-settings.js";

export const updateWorkspaceSettings = defineHandler("updateWorkspaceSettings")(
  async ({ op, body }) => ({
    status: 200,
    body: await updateWorkspaceSettingsService({ ...op, input: body }),
  }),
);
