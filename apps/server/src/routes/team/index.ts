import type { HandlerRegistry } from "../../http/handler.js";
import { acceptInvitation } from "./accept-invitation.js";
import { inviteMember } from "./invite-member.js";
import { listInvitations } from "./list-invitations.js";
import { listMembers } from "./list-members.js";
import { removeMember } from "./remove-member.js";
import { revokeInvitation } from "./revoke-invitation.js";
import { updateMember } from "./update-member.js";

/** Team operations: members and invitations. */
export const teamHandlers: HandlerRegistry = {
  listMembers,
  updateMember,
  removeMember,
  listInvitations,
  inviteMember,
  revokeInvitation,
  acceptInvitation,
};
