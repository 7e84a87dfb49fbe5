import { defineHandler } from "../../http/handler.js";
import { sessionOf, workspaceOf } from "../../http/require.js";
import { revokeInvitation as revokeInvitationService } from "../../services/team/revoke-invitation.js";

export const revokeInvitation = defineHandler("revokeInvitation")(
  async ({ app, principal, workspace, params, requestId }) => {
    await revokeInvitationService({
      ctx: app,
      principal: sessionOf(principal),
      workspace: workspaceOf(workspace),
      requestId,
      invitationId: params.invitationId,
    });
    return { status: 204, body: undefined };
  },
);
