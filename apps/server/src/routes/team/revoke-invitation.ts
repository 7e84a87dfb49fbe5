import { defineHandler } from "../../http/handler.js";
import { sessionOf } from "../../http/require.js";
import { revokeInvitation as revokeInvitationService } from "../../services/team/revoke-invitation.js";

export const revokeInvitation = defineHandler("revokeInvitation")(async ({ op, params }) => {
  await revokeInvitationService({
    ...op,
    principal: sessionOf(op.principal),
    invitationId: params.invitationId,
  });
  return { status: 204, body: undefined };
});
