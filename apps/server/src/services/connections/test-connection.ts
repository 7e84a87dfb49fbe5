import type { Connection, ConnectionProvider } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { credentialAad } from "../../crypto/credential-identity.js";
import type { GoogleFailure } from "../../engines/google/google-failure.js";
import { parseOAuthCredential } from "../../engines/google/google-oauth-credential.js";
import { parseServiceAccountKey } from "../../engines/google/google-service-account-key.js";
import {
  type ProbeGooglePropertyOptions,
  type ProbeOutcome,
  probeGoogleProperty,
} from "../../engines/google/probe-google-property.js";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceOperation } from "../operation.js";
import { loadConnections } from "./load-connections.js";

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
  const value = ctx.secrets.secretBox.open(
    credential.ciphertext,
    credentialAad({
      workspaceId: workspace.id,
      connector: credential.connector,
      key: credential.key,
    }),
  );
  const credentialOf = credential.kind === "google_oauth" ? oauthCredential : keyCredential;
  const usable = credentialOf(ctx, value);
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

type Usable = ProbeGooglePropertyOptions["credential"] | { failure: GoogleFailure };

function keyCredential(_ctx: AppContext, value: string): Usable {
  const parsed = parseServiceAccountKey(value);
  if (parsed.ok) return { kind: "service_account", key: parsed.key };
  return {
    failure: { code: "credential_invalid", message: `The stored credential ${parsed.problem}.` },
  };
}

function oauthCredential(ctx: AppContext, value: string): Usable {
  const parsed = parseOAuthCredential(value);
  if (!parsed)
    return {
      failure: {
        code: "credential_invalid",
        message: "The stored OAuth credential is not readable; connect with Google again.",
      },
    };
  if (!ctx.config.googleOAuth)
    return {
      failure: {
        code: "credential_invalid",
        message:
          "Google OAuth is no longer configured on this server (GEO_GOOGLE_OAUTH_CLIENT_ID); use a service-account key.",
      },
    };
  return { kind: "oauth", refreshToken: parsed.refreshToken, oauth: ctx.config.googleOAuth };
}
