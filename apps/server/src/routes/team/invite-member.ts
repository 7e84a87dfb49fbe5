import { defineHandler } from "../../http/handler.js";
import { sessionOf, workspaceOf } from "../../http/require.js";
import { inviteMember as inviteMemberService } from "../../services/team/invite-member.js";

export const inviteMember = defineHandler("inviteMember")(
  async ({ app, principal, workspace, body, requestId }) => ({
    status: 201,
    body: await inviteMemberService({
      ctx: app,
      principal: sessionOf(principal),
      workspace: workspaceOf(workspace),
      requestId,
      input: body,
    }),
  }),
);
