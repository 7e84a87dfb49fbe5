import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { updateMember as updateMemberService } from "../../services/team/update-member.js";

export const updateMember = defineHandler("updateMember")(async ({ op, params, body }) => ({
  status: 200,
  body: await updateMemberService({ ...sessionOp(op), memberId: params.memberId, input: body }),
}));
