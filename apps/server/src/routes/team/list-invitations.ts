import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { listInvitations as listInvitationsService } from "../../services/team/list-invitations.js";

export const listInvitations = defineHandler("listInvitations")(async ({ app, workspace }) => ({
  status: 200,
  body: await listInvitationsService({ ctx: app, workspace: workspaceOf(workspace) }),
}));
