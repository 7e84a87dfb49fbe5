import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";

export interface RevokeInvitationOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  invitationId: string;
}

/**
 * Revokes an open invitation of this workspace. One conditional update, so it
 * cannot race an acceptance; an invitation that is not open (unknown, of
 * another workspace, accepted, revoked or expired) is 404 not_found.
 */
export async function revokeInvitation(options: RevokeInvitationOptions): Promise<void> {
  const { ctx, workspace, invitationId } = options;
  const now = ctx.clock.now();
  await ctx.prisma.$transaction(async (tx) => {
    const revoked = await tx.invitation.updateMany({
      where: {
        id: invitationId,
        workspaceId: workspace.id,
        acceptedAt: null,
        revokedAt: null,
        expiresAt: { gt: now },
      },
      data: { revokedAt: now },
    });
    if (revoked.count !== 1) throw errors.notFound("Invitation");
    await audit(options, tx, "invitation.revoke", ["invitation", invitationId]);
  });
}
