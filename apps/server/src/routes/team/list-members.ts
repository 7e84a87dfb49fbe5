import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { listMembers as listMembersService } from "../../services/team/list-members.js";

export const listMembers = defineHandler("listMembers")(async ({ app, workspace, query }) => ({
  status: 200,
  body: await listMembersService({
    ctx: app,
    workspace: workspaceOf(workspace),
    limit: query.limit ?? 20,
    cursor: query.cursor,
  }),
}));
