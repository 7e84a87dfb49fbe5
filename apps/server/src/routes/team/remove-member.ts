import { defineHandler } from "../../http/handler.js";
import { sessionOf, workspaceOf } from "../../http/require.js";
import { removeMember as removeMemberService } from "../../services/team/remove-member.js";

export const removeMember = defineHandler("removeMember")(
  async ({ app, principal, workspace, params, requestId }) => {
    await removeMemberService({
      ctx: app,
      principal: sessionOf(principal),
      workspace: workspaceOf(workspace),
      requestId,
      memberId: params.memberId,
    });
    return { status: 204, body: undefined };
  },
);
