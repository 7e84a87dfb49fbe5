import { defineHandler } from "../../http/handler.js";
import { sessionOf } from "../../http/require.js";
import { removeMember as removeMemberService } from "../../services/team/remove-member.js";

export const removeMember = defineHandler("removeMember")(async ({ op, params }) => {
  await removeMemberService({
    ...op,
    principal: sessionOf(op.principal),
    memberId: params.memberId,
  });
  return { status: 204, body: undefined };
});
