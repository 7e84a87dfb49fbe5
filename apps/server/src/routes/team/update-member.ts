import { defineHandler } from "../../http/handler.js";
import { sessionOf, workspaceOf } from "../../http/require.js";
import { updateMember as updateMemberService } from "../../services/team/update-member.js";

export const updateMember = defineHandler("updateMember")(
  async ({ app, principal, workspace, params, body, requestId }) => ({
    status: 200,
    body: await updateMemberService({
      ctx: app,
      principal: sessionOf(principal),
      workspace: workspaceOf(workspace),
      requestId,
      memberId: params.memberId,
      input: body,
    }),
  }),
);
