import { defineHandler } from "../../http/handler.js";
import { getWorkspaceSettings as getWorkspaceSettingsService } from "../../services/workspace-config/get-workspace-settings.js";

export const getWorkspaceSettings = defineHandler("getWorkspaceSettings")(async ({ op }) => ({
  status: 200,
  body: await getWorkspaceSettingsService(op),
}));
