import { defineHandler } from "../../http/handler.js";
import { getWorkspace as getWorkspaceService } from "../../services/workspaces/get-workspace.js";

export const getWorkspace = defineHandler("getWorkspace")(async ({ op }) => ({
  status: 200,
  body: await getWorkspaceService({ ...op, access: op.workspace }),
}));
