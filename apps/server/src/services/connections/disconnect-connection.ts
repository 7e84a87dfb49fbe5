import type { Connection, ConnectionProvider } from "@geopulse/api-types";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { loadConnections } from "./load-connections.js";
import { revokeGoogleGrant } from "./revoke-google-grant.js";

export interface DisconnectConnectionOptions extends WorkspaceOperation {
  provider: ConnectionProvider;
}

/**
 * Removes the provider's connection row (its credential link and test outcome), audited as
 * `connection.disconnect`. A service-account key and the workspace's property stay. An OAuth
 * grant (`google_oauth`) that no other connection uses any more is revoked at Google's revoke
 * endpoint and deleted (audited as `credential.revoke`) when a session disconnects: a person's
 * authorization is not kept once nothing uses it. An API key (`connections:write`) only unlinks:
 * deleting a stored credential is session only. Idempotent: nothing to remove answers the same unconfigured
 * connection, unaudited.
 */
export async function disconnectConnection(
  options: DisconnectConnectionOptions,
): Promise<Connection> {
  const { ctx, workspace, provider } = options;
  const { view, orphanedGrant } = await ctx.prisma.$transaction(async (tx) => {
    const row = await tx.connection.findUnique({
      where: { workspaceId_provider: { workspaceId: workspace.id, provider } },
      include: { credential: true },
    });
    const removed = await tx.connection.deleteMany({
      where: { workspaceId: workspace.id, provider },
    });
    if (removed.count > 0)
      await audit(options, tx, "connection.disconnect", ["connection", provider], { provider });
    const credential = row?.credential;
    let orphanedGrant: typeof credential | undefined;
    // Deleting a stored credential is session only (the contract's credential writes): a key's
    // disconnect unlinks the grant and leaves it stored, for a person to delete.
    if (credential?.kind === "google_oauth" && options.principal.kind === "session") {
      const stillUsed = await tx.connection.count({ where: { credentialId: credential.id } });
      if (stillUsed === 0) {
        await tx.storedCredential.delete({ where: { id: credential.id } });
        await audit(options, tx, "credential.revoke", ["stored_credential", credential.id], {
          connector: credential.connector,
          key: credential.key,
          kind: credential.kind,
        });
        orphanedGrant = credential;
      }
    }
    const view = await loadConnections({ db: tx, workspace });
    return { view, orphanedGrant };
  });
  if (orphanedGrant) await revokeGoogleGrant({ ...options, credential: orphanedGrant });
  return view.data.find((c) => c.provider === provider) as Connection;
}
