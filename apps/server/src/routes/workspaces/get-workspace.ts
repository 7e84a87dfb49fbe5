import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getWorkspace as getWorkspaceService } from "../../services/workspaces/get-workspace.js";

export const getWorkspace = defineHandler("getWorkspace")(async ({ op, workspace }) => ({
  status: 200,
  body: await getWorkspaceService({ ...op, access: workspaceOf(workspace) }),
}));
