import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { revokeInvitation as revokeInvitationService } from "../../services/team/revoke-invitation.js";

export const revokeInvitation = defineHandler("revokeInvitation")(async ({ op, params }) => {
  await revokeInvitationService({ ...sessionOp(op), invitationId: params.invitationId });
  return { status: 204, body: undefined };
});
