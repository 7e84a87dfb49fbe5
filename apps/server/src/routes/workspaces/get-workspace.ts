import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getWorkspace as getWorkspaceService } from "../../services/workspaces/get-workspace.js";

export const getWorkspace = defineHandler("getWorkspace")(async ({ app, workspace }) => ({
  status: 200,
  body: await getWorkspaceService({ ctx: app, access: workspaceOf(workspace) }),
}));
