import { defineHandler } from "../../http/handler.js";
import { sessionOf } from "../../http/require.js";
import { acceptInvitation as acceptInvitationService } from "../../services/team/accept-invitation.js";

export const acceptInvitation = defineHandler("acceptInvitation")(
  async ({ app, principal, params, requestId }) => ({
    status: 200,
    body: await acceptInvitationService({
      ctx: app,
      principal: sessionOf(principal),
      requestId,
      token: params.token,
    }),
  }),
);
