import type { TeamMember } from "@geopulse/api-types";
import { hashCapability } from "../../crypto/capability-token.js";
import { isUniqueViolation } from "../../db-errors.js";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { newId } from "../../ids.js";
import { audit } from "../audit/audit.js";
import type { Operation } from "../operation.js";
import { toTeamMember } from "./team-response.js";

export interface AcceptInvitationOptions extends Operation {
  principal: SessionPrincipal;
  token: string;
}

export interface AcceptedInvitation {
  accepted: true;
  workspace: string;
  member: TeamMember;
}

/**
 * Joins the signed-in person to the invitation's workspace. The invitation is
 * consumed by one conditional update in the transaction that creates the
 * membership, so concurrent accepts of one token cannot both succeed.
 */
export async function acceptInvitation(
  options: AcceptInvitationOptions,
): Promise<AcceptedInvitation> {
  const { ctx, principal } = options;
  const tokenHash = hashCapability(options.token);
  const now = ctx.clock.now();
  const open = { acceptedAt: null, revokedAt: null, expiresAt: { gt: now } };
  const invitation = await ctx.prisma.invitation.findFirst({
    where: { tokenHash, ...open },
    include: { workspace: { select: { slug: true } } },
  });
  if (!invitation) throw errors.invitationNotFound();
  if (invitation.email !== principal.email.trim().toLowerCase()) {
    throw errors.invitationEmailMismatch();
  }
  try {
    const member = await ctx.prisma.$transaction(async (tx) => {
      const consumed = await tx.invitation.updateMany({
        where: { id: invitation.id, ...open },
        data: { acceptedAt: now },
      });
      if (consumed.count !== 1) throw errors.invitationNotFound();
      const existing = await tx.member.findUnique({
        where: {
          workspaceId_userId: { workspaceId: invitation.workspaceId, userId: principal.userId },
        },
        select: { id: true },
      });
      if (existing) throw errors.alreadyMember();
      const created = await tx.member.create({
        data: {
          id: newId("mem", ctx.clock),
          workspaceId: invitation.workspaceId,
          userId: principal.userId,
          role: invitation.role,
          invitedAt: invitation.createdAt,
          joinedAt: now,
        },
        include: { user: true },
      });
      await ctx.authChanges.publish(tx, {
        kind: "member",
        workspaceId: invitation.workspaceId,
        userId: principal.userId,
      });
      await audit(
        { ...options, workspace: { id: invitation.workspaceId } },
        tx,
        "member.join",
        ["member", created.id],
        { invitationId: invitation.id, role: invitation.role },
      );
      return created;
    });
    const slug = invitation.workspace.slug;
    return { accepted: true, workspace: slug, member: toTeamMember(member, slug) };
  } catch (error) {
    // The same person joined through another invitation at the same moment.
    if (isUniqueViolation(error)) throw errors.alreadyMember();
    throw error;
  }
}
