import type { Prisma } from "@geopulse/db";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";

export interface RevokeMemberInvitationsOptions extends WorkspaceOperation {
  tx: Prisma.TransactionClient;
  /** The person leaving the workspace. */
  userId: string;
  memberId: string;
}

/**
 * Part of a member's removal, in its transaction: the open invitations the person sent are
 * revoked, so nobody joins on the word of someone who no longer belongs (each audited as
 * `invitation.revoke`, `reason: member_removed`). Returns the ids revoked.
 */
export async function revokeMemberInvitations(
  options: RevokeMemberInvitationsOptions,
): Promise<string[]> {
  const { ctx, tx, workspace, userId, memberId } = options;
  const now = ctx.clock.now();
  const open = await tx.invitation.findMany({
    where: {
      workspaceId: workspace.id,
      invitedByUserId: userId,
      acceptedAt: null,
      revokedAt: null,
      expiresAt: { gt: now },
    },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const ids = open.map((invitation) => invitation.id);
  if (ids.length === 0) return ids;
  // Conditional, as revoke-invitation.ts: an acceptance that committed first keeps its seat.
  await tx.invitation.updateMany({
    where: { id: { in: ids }, acceptedAt: null, revokedAt: null },
    data: { revokedAt: now },
  });
  for (const id of ids) {
    await audit(options, tx, "invitation.revoke", ["invitation", id], {
      reason: "member_removed",
      memberId,
    });
  }
  return ids;
}
