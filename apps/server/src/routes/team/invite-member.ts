import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { inviteMember as inviteMemberService } from "../../services/team/invite-member.js";

export const inviteMember = defineHandler("inviteMember")(async ({ op, body }) => ({
  status: 201,
  body: await inviteMemberService({ ...sessionOp(op), input: body }),
}));
