import type { RequestBody, TeamMember } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { toTeamMember } from "./team-response.js";
import { lockOwners, requireRole } from "./team-rules.js";

export interface UpdateMemberOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  memberId: string;
  input: RequestBody<"updateMember">;
}

/**
 * Changes a member's role. Owners and admins may change roles; only owners may
 * grant or take `owner`; the last owner cannot be demoted.
 */
export async function updateMember(options: UpdateMemberOptions): Promise<TeamMember> {
  const { ctx, workspace, memberId, input } = options;
  const updated = await ctx.prisma.$transaction(async (tx) => {
    const owners = await lockOwners(tx, workspace.id);
    const member = await tx.member.findFirst({
      where: { id: memberId, workspaceId: workspace.id },
    });
    if (!member) throw errors.notFound("Member");
    if (member.role === "owner" || input.role === "owner") {
      requireRole(workspace, "owner");
    }
    if (member.role === "owner" && input.role !== "owner" && owners <= 1) throw errors.lastOwner();
    const result = await tx.member.update({
      where: { id: member.id },
      data: { role: input.role },
      include: { user: true },
    });
    await ctx.authChanges.publish(tx, {
      kind: "member",
      workspaceId: workspace.id,
      userId: member.userId,
    });
    await audit(options, tx, "member.update", ["member", member.id], {
      userId: member.userId,
      from: member.role,
      to: input.role,
    });
    return result;
  });
  return toTeamMember(updated, workspace.slug);
}
