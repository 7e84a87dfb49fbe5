import type { Prisma } from "@geopulse/db";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";

export interface RevokeMemberKeysOptions extends WorkspaceOperation {
  tx: Prisma.TransactionClient;
  /** The person leaving the workspace. */
  userId: string;
  memberId: string;
}

/**
 * Part of a member's removal, in its transaction: revokes every key the person created in the
 * workspace (by session or by device login; whatever its state) and denies the device logins
 * they approved that the device has not collected yet. Each key is audited
 * (`api_key.revoke`, `reason: member_removed`) and dropped from every process's auth cache
 * when the transaction commits (and from this one's at once). Returns the ids revoked.
 */
export async function revokeMemberKeys(options: RevokeMemberKeysOptions): Promise<string[]> {
  const { ctx, tx, workspace, userId, memberId } = options;
  const now = ctx.clock.now();
  const keys = await tx.apiKey.findMany({
    where: { workspaceId: workspace.id, createdByUserId: userId, state: { not: "revoked" } },
    select: { id: true, source: true },
    orderBy: { id: "asc" },
  });
  if (keys.length > 0) {
    await tx.apiKey.updateMany({
      where: { id: { in: keys.map((key) => key.id) } },
      data: { state: "revoked", revokedAt: now, deliveryCiphertext: null },
    });
  }
  for (const key of keys) {
    await ctx.authChanges.publish(tx, { kind: "api_key", keyId: key.id });
    await audit(options, tx, "api_key.revoke", ["api_key", key.id], {
      reason: "member_removed",
      memberId,
      source: key.source,
    });
  }
  const approved = await tx.deviceAuthorization.findMany({
    where: { workspaceId: workspace.id, approvedByUserId: userId, status: "approved" },
    select: { id: true },
  });
  for (const { id } of approved) {
    const denied = await tx.deviceAuthorization.updateMany({
      where: { id, status: "approved" },
      data: { status: "denied", decidedAt: now },
    });
    if (denied.count === 1) {
      await audit(options, tx, "device_authorization.deny", ["device_authorization", id], {
        reason: "member_removed",
        memberId,
      });
    }
  }
  return keys.map((key) => key.id);
}
