import { defineHandler } from "../../http/handler.js";
import { listInvitations as listInvitationsService } from "../../services/team/list-invitations.js";

export const listInvitations = defineHandler("listInvitations")(async ({ op }) => ({
  status: 200,
  body: await listInvitationsService(op),
}));
