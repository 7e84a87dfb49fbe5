import type { Prisma } from "@geopulse/db";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";

export interface DetachMemberGrantsOptions extends WorkspaceOperation {
  tx: Prisma.TransactionClient;
  /** The person leaving the workspace. */
  userId: string;
  memberId: string;
}

/** A detached grant: deleted here; the caller revokes it at Google after the commit. */
export interface DetachedGrant {
  ciphertext: string;
  connector: string;
  key: string;
}

/**
 * Part of a member's removal, in its transaction: the Google grants (OAuth, `google_oauth`) the
 * person gave are theirs, not the workspace's, so they leave with them. Each connection using
 * one loses its credential and is marked for reconnecting (status `needs_reconnect`, audited
 * `connection.detach`), and the grant is deleted (audited `credential.revoke`). Service-account
 * keys are the workspace's and stay. Returns the grants, for `revokeGoogleGrant` after commit.
 */
export async function detachMemberGrants(
  options: DetachMemberGrantsOptions,
): Promise<DetachedGrant[]> {
  const { ctx, tx, workspace, userId, memberId } = options;
  const now = ctx.clock.now();
  const grants = await tx.storedCredential.findMany({
    where: { workspaceId: workspace.id, kind: "google_oauth", grantedByUserId: userId },
    include: { connections: { select: { provider: true }, orderBy: { provider: "asc" } } },
  });
  for (const grant of grants) {
    for (const { provider } of grant.connections) {
      await tx.connection.update({
        where: { workspaceId_provider: { workspaceId: workspace.id, provider } },
        data: {
          credentialId: null,
          testStatus: null,
          testedProperty: null,
          testedCredentialId: null,
          lastErrorCode: null,
          lastError: null,
          reconnectRequiredAt: now,
          updatedAt: now,
        },
      });
      await audit(options, tx, "connection.detach", ["connection", provider], {
        provider,
        credentialId: grant.id,
        reason: "member_removed",
        memberId,
      });
    }
    await tx.storedCredential.delete({ where: { id: grant.id } });
    await audit(options, tx, "credential.revoke", ["stored_credential", grant.id], {
      connector: grant.connector,
      key: grant.key,
      kind: grant.kind,
      reason: "member_removed",
      memberId,
    });
  }
  return grants.map(({ ciphertext, connector, key }) => ({ ciphertext, connector, key }));
}
