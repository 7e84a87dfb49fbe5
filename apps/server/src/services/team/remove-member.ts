import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { lockOwners, requireOwner, requireTeamManager } from "./team-rules.js";

export interface RemoveMemberOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  memberId: string;
}

/**
 * Removes a member. Anyone may leave; owners and admins may remove others,
 * only owners may remove an owner; the last owner cannot be removed.
 */
export async function removeMember(options: RemoveMemberOptions): Promise<void> {
  const { ctx, principal, workspace, memberId } = options;
  await ctx.prisma.$transaction(async (tx) => {
    const owners = await lockOwners(tx, workspace.id);
    const member = await tx.member.findFirst({
      where: { id: memberId, workspaceId: workspace.id },
    });
    if (!member) throw errors.notFound("Member");
    const self = member.userId === principal.userId;
    if (!self) requireTeamManager(workspace, "remove other members");
    if (member.role === "owner") {
      if (!self) requireOwner(workspace, "remove an owner");
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
  });
}
