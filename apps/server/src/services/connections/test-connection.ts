import type { Connection, ConnectionProvider } from "@geopulse/api-types";
import {
  type ProbeOutcome,
  probeGoogleProperty,
} from "../../engines/google/probe-google-property.js";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceOperation } from "../operation.js";
import { loadConnections } from "./load-connections.js";
import { openGoogleCredential } from "./open-google-credential.js";

export interface TestConnectionOptions extends WorkspaceOperation {
  provider: ConnectionProvider;
}

/**
 * Calls Google with the connection's credential and property (docs/connections.md) and
 * records the outcome on the connection: `ok`, or `error` with its code and words. The key is
 * opened in memory for the call only; it is never logged, stored elsewhere or answered.
 * `409 connection_not_configured` without a credential.
 */
export async function testConnection(options: TestConnectionOptions): Promise<Connection> {
  const { ctx, workspace, provider } = options;
  const [connection, row] = await Promise.all([
    ctx.prisma.connection.findUnique({
      where: { workspaceId_provider: { workspaceId: workspace.id, provider } },
      include: { credential: true },
    }),
    ctx.prisma.workspace.findUniqueOrThrow({
      where: { id: workspace.id },
      select: { gscProperty: true, ga4Property: true },
    }),
  ]);
  const credential = connection?.credential;
  if (!credential) throw errors.connectionNotConfigured(provider);
  const property = provider === "search_console" ? row.gscProperty : row.ga4Property;
  const usable = openGoogleCredential(ctx, workspace.id, credential);
  const outcome: ProbeOutcome =
    "failure" in usable
      ? { ok: false, failure: usable.failure }
      : await probeGoogleProperty({
          provider,
          property,
          credential: usable,
          endpoints: ctx.config.google,
        });
  const now = ctx.clock.now();
  // updateMany: a disconnect or re-configure that raced with the call leaves nothing to record.
  await ctx.prisma.connection.updateMany({
    where: { workspaceId: workspace.id, provider, credentialId: credential.id },
    data: {
      testStatus: outcome.ok ? "ok" : "error",
      testedProperty: property,
      testedCredentialId: credential.id,
      lastTestedAt: now,
      lastErrorCode: outcome.ok ? null : outcome.failure.code,
      lastError: outcome.ok ? null : outcome.failure.message,
      updatedAt: now,
    },
  });
  if (!outcome.ok)
    ctx.logger.info(
      { workspaceId: workspace.id, provider, code: outcome.failure.code },
      "connection test failed",
    );
  const view = await loadConnections({ db: ctx.prisma, workspace });
  return view.data.find((c) => c.provider === provider) as Connection;
}
