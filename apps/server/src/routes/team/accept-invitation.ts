import { defineHandler } from "../../http/handler.js";
import { sessionOf } from "../../http/require.js";
import { acceptInvitation as acceptInvitationService } from "../../services/team/accept-invitation.js";

export const acceptInvitation = defineHandler("acceptInvitation")(async ({ op, params }) => ({
  status: 200,
  body: await acceptInvitationService({
    ...op,
    principal: sessionOf(op.principal),
    token: params.token,
  }),
}));
