import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import { listWorkspaces as listWorkspacesService } from "../../services/workspaces/list-workspaces.js";

export const listWorkspaces = defineHandler("listWorkspaces")(async ({ op, query }) => ({
  status: 200,
  body: await listWorkspacesService({ ...op, ...pageOf(query) }),
}));
