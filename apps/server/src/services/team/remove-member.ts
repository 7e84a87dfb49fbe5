import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { revokeMemberKeys } from "../api-keys/revoke-member-keys.js";
import { audit } from "../audit/audit.js";
import { detachMemberGrants } from "../connections/detach-member-grants.js";
import { revokeGoogleGrant } from "../connections/revoke-google-grant.js";
import type { WorkspaceOperation } from "../operation.js";
import { revokeMemberInvitations } from "./revoke-member-invitations.js";
import { lockOwners, requireRole } from "./team-rules.js";

export interface RemoveMemberOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  memberId: string;
}

/**
 * Removes a member. Anyone may leave; owners and admins may remove others,
 * only owners may remove an owner; the last owner cannot be removed. The access
 * the person carried goes with them, in the same transaction: the keys they
 * created are revoked (and the device logins they approved denied), the open
 * invitations they sent revoked, the Google
 * grants they gave detached; the grants are revoked at Google after the commit, each on its
 * own (a failure is logged and never fails the committed removal).
 */
export async function removeMember(options: RemoveMemberOptions): Promise<void> {
  const { ctx, principal, workspace, memberId } = options;
  const detached = await ctx.prisma.$transaction(async (tx) => {
    const owners = await lockOwners(tx, workspace.id);
    const member = await tx.member.findFirst({
      where: { id: memberId, workspaceId: workspace.id },
    });
    if (!member) throw errors.notFound("Member");
    const self = member.userId === principal.userId;
    if (!self) requireRole(workspace, "admin");
    if (member.role === "owner") {
      if (!self) requireRole(workspace, "owner");
      if (owners <= 1) throw errors.lastOwner();
    }
    await tx.member.delete({ where: { id: member.id } });
    await ctx.authChanges.publish(tx, {
      kind: "member",
      workspaceId: workspace.id,
      userId: member.userId,
    });
    await audit(options, tx, "member.remove", ["member", member.id], {
      userId: member.userId,
      role: member.role,
      self,
    });
    const leaving = { ...options, tx, userId: member.userId, memberId: member.id };
    await revokeMemberKeys(leaving);
    await revokeMemberInvitations(leaving);
    return detachMemberGrants(leaving);
  });
  for (const credential of detached) await revokeGoogleGrant({ ctx, workspace, credential });
}
