import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { removeMember as removeMemberService } from "../../services/team/remove-member.js";

export const removeMember = defineHandler("removeMember")(async ({ op, params }) => {
  await removeMemberService({ ...sessionOp(op), memberId: params.memberId });
  return { status: 204, body: undefined };
});
