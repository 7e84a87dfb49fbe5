import type { Invitation as InvitationResponse, TeamMember } from "@geopulse/api-types";
import type { Invitation, Member, User } from "@geopulse/db";

/** A member as the API shows it; the display name falls back to the address's local part. */
export function toTeamMember(member: Member & { user: User }, workspaceSlug: string): TeamMember {
  const { email, displayName } = member.user;
  return {
    memberId: member.id,
    workspace: workspaceSlug,
    email,
    displayName: displayName ?? email.slice(0, email.lastIndexOf("@")),
    role: member.role as TeamMember["role"],
    invitedAt: member.invitedAt.toISOString(),
    joinedAt: member.joinedAt.toISOString(),
  };
}

export function toInvitationResponse(
  invitation: Invitation,
  workspaceSlug: string,
): InvitationResponse {
  return {
    invitationId: invitation.id,
    workspace: workspaceSlug,
    email: invitation.email,
    role: invitation.role as InvitationResponse["role"],
    invitedAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}
