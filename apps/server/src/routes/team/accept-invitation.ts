import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { acceptInvitation as acceptInvitationService } from "../../services/team/accept-invitation.js";

export const acceptInvitation = defineHandler("acceptInvitation")(async ({ op, params }) => ({
  status: 200,
  body: await acceptInvitationService({ ...sessionOp(op), token: params.token }),
}));
