import type { Connection, ConnectionProvider } from "@geopulse/api-types";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { loadConnections } from "./load-connections.js";

export interface DisconnectConnectionOptions extends WorkspaceOperation {
  provider: ConnectionProvider;
}

/**
 * Removes the provider's connection row (its credential link and test outcome), audited as
 * `connection.disconnect`. The stored credential and the workspace's property stay.
 * Idempotent: nothing to remove answers the same unconfigured connection, unaudited.
 */
export async function disconnectConnection(
  options: DisconnectConnectionOptions,
): Promise<Connection> {
  const { ctx, workspace, provider } = options;
  return ctx.prisma.$transaction(async (tx) => {
    const removed = await tx.connection.deleteMany({
      where: { workspaceId: workspace.id, provider },
    });
    if (removed.count > 0)
      await audit(options, tx, "connection.disconnect", ["connection", provider], { provider });
    const view = await loadConnections({ db: tx, workspace });
    return view.data.find((c) => c.provider === provider) as Connection;
  });
}
