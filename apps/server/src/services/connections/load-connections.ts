import type { Connection, ConnectionProvider, Connections } from "@geopulse/api-types";
import type { Prisma, PrismaClient } from "@geopulse/db";

/** The providers, in the order lists show them. */
export const CONNECTION_PROVIDERS: readonly ConnectionProvider[] = ["search_console", "analytics"];

export interface LoadConnectionsOptions {
  db: PrismaClient | Prisma.TransactionClient;
  workspace: { id: string; slug: string };
}

/**
 * Both connections of a workspace as the API shows them. The property is the workspace's
 * (`gscProperty`, `ga4Property`); the status is derived: `unconfigured` without a credential,
 * `configured` until a test proved this property with this credential as it is now (a
 * property changed through settings, another credential, or a rotated key since the test all
 * read as untested), else the test's `ok` or `error`; `needs_reconnect` without a credential
 * because the Google grant it used left with the member who gave it.
 */
export async function loadConnections({
  db,
  workspace,
}: LoadConnectionsOptions): Promise<Connections> {
  const [row, connections] = await Promise.all([
    db.workspace.findUniqueOrThrow({
      where: { id: workspace.id },
      select: { gscProperty: true, ga4Property: true },
    }),
    db.connection.findMany({ where: { workspaceId: workspace.id }, include: { credential: true } }),
  ]);
  const properties: Record<ConnectionProvider, string> = {
    search_console: row.gscProperty,
    analytics: row.ga4Property,
  };
  const byProvider = new Map(connections.map((c) => [c.provider, c]));
  return {
    workspace: workspace.slug,
    data: CONNECTION_PROVIDERS.map((provider) =>
      toConnection(provider, properties[provider], byProvider.get(provider)),
    ),
  };
}

type ConnectionRow = Prisma.ConnectionGetPayload<{ include: { credential: true } }>;

function toConnection(
  provider: ConnectionProvider,
  property: string,
  row: ConnectionRow | undefined,
): Connection {
  const credential = row?.credential ?? null;
  const tested =
    row?.testStatus != null &&
    credential !== null &&
    row.testedProperty === property &&
    row.testedCredentialId === credential.id &&
    row.lastTestedAt !== null &&
    row.lastTestedAt >= credential.updatedAt;
  const status =
    credential === null
      ? row?.reconnectRequiredAt
        ? "needs_reconnect"
        : "unconfigured"
      : tested
        ? row?.testStatus
        : "configured";
  const failed = status === "error";
  return {
    provider,
    status: status as Connection["status"],
    property: property || null,
    credential: credential && {
      id: credential.id,
      kind: credential.kind === "google_service_account" ? "service_account" : "oauth",
      label: credential.maskedValue,
    },
    lastTestedAt: row?.lastTestedAt?.toISOString() ?? null,
    lastSyncedAt: row?.lastSyncedAt?.toISOString() ?? null,
    lastErrorCode: failed
      ? ((row?.lastErrorCode ?? "provider_error") as Connection["lastErrorCode"])
      : null,
    lastError: failed ? (row?.lastError ?? null) : null,
  };
}
