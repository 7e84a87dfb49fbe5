import type { RequestBody, TeamMember } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal, WorkspaceAccess } from "../../http/principal.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";
import { toTeamMember } from "./team-response.js";
import { lockOwners, requireOwner, requireTeamManager } from "./team-rules.js";

export interface UpdateMemberOptions {
  ctx: AppContext;
  principal: SessionPrincipal;
  workspace: WorkspaceAccess;
  requestId: string;
  memberId: string;
  input: RequestBody<"updateMember">;
}

/**
 * Changes a member's role. Owners and admins may change roles; only owners may
 * grant or take `owner`; the last owner cannot be demoted.
 */
export async function updateMember(options: UpdateMemberOptions): Promise<TeamMember> {
  const { ctx, principal, workspace, memberId, input } = options;
  requireTeamManager(workspace, "change roles");
  const updated = await ctx.prisma.$transaction(async (tx) => {
    const owners = await lockOwners(tx, workspace.id);
    const member = await tx.member.findFirst({
      where: { id: memberId, workspaceId: workspace.id },
    });
    if (!member) throw errors.notFound("Member");
    if (member.role === "owner" || input.role === "owner") {
      requireOwner(workspace, "grant or take the owner role");
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
    await recordAuditEvent({
      tx,
      clock: ctx.clock,
      principal,
      requestId: options.requestId,
      workspaceId: workspace.id,
      action: "member.update",
      targetType: "member",
      targetId: member.id,
      metadata: { userId: member.userId, from: member.role, to: input.role },
    });
    return result;
  });
  return toTeamMember(updated, workspace.slug);
}
