import type { ConnectionProvider, Connections, QueryParams } from "@geopulse/api-types";
import { hashCapability } from "../../crypto/capability-token.js";
import { credentialAad, credentialIdentity } from "../../crypto/credential-identity.js";
import { googleOAuthClient, oauthErrorCode } from "../../engines/google/google-oauth.js";
import {
  oauthCredentialLabel,
  parseOAuthCredential,
  serializeOAuthCredential,
} from "../../engines/google/google-oauth-credential.js";
import { errors } from "../../errors/app-error.js";
import { hasRole, type SessionPrincipal, type WorkspaceAccess } from "../../http/principal.js";
import { storeWorkspaceCredential } from "../credentials/store-workspace-credential.js";
import type { Operation } from "../operation.js";
import { configureConnections } from "./configure-connections.js";
import { oauthStateAad } from "./start-connection-oauth.js";

/** Where an OAuth grant is stored: one per workspace, replaced when the flow is run again. */
export const OAUTH_CREDENTIAL = { connector: "google", key: "oauth" } as const;

export interface CompleteConnectionOAuthOptions extends Operation {
  principal: SessionPrincipal;
  query: QueryParams<"connectionOAuthCallback">;
}

export interface CompletedConnectionOAuth {
  workspace: WorkspaceAccess;
  connections: Connections;
  providers: ConnectionProvider[];
}

/**
 * Google's redirect back (docs/connections.md): the state must be one this person started,
 * unused and unexpired (it is used up here whatever follows); Google's `error` ends it;
 * otherwise the code is exchanged with the PKCE verifier, the refresh token stored sealed as
 * the workspace's `google_oauth` credential (the grant it replaces is revoked at Google), and
 * the requested providers configured with it.
 */
export async function completeConnectionOAuth(
  options: CompleteConnectionOAuthOptions,
): Promise<CompletedConnectionOAuth> {
  const { ctx, principal, query } = options;
  const oauth = ctx.config.googleOAuth;
  if (!oauth) throw errors.googleOauthUnavailable();
  const now = ctx.clock.now();
  const row = await ctx.prisma.oAuthState.findUnique({
    where: { stateHash: hashCapability(query.state) },
    include: { workspace: { select: { slug: true } } },
  });
  if (!row || row.userId !== principal.userId || row.usedAt || row.expiresAt <= now)
    throw errors.oauthStateInvalid();
  const used = await ctx.prisma.oAuthState.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: now },
  });
  if (used.count === 0) throw errors.oauthStateInvalid();
  const member = await ctx.prisma.member.findFirst({
    where: { workspaceId: row.workspaceId, userId: principal.userId },
    select: { role: true },
  });
  if (!member) throw errors.oauthStateInvalid();
  // Connecting Google needs an admin (startConnectionOAuth's x-min-role), still so on return.
  const role = member.role as WorkspaceAccess["role"];
  if (!hasRole(role, "admin")) throw errors.insufficientRole("admin", role);
  const slug = row.workspace.slug;
  if (query.error === "access_denied") throw errors.oauthAccessDenied(slug);
  if (query.error || !query.code) throw errors.oauthExchangeFailed(query.error ?? "no code", slug);

  const client = googleOAuthClient({ oauth, endpoints: ctx.config.google });
  const codeVerifier = ctx.secrets.secretBox.open(row.codeVerifier, oauthStateAad(row.id));
  const tokens = await client.getToken({ code: query.code, codeVerifier }).then(
    (answer) => answer.tokens,
    (error: unknown) => {
      throw errors.oauthExchangeFailed(
        oauthErrorCode(error) ?? "Google could not be reached",
        slug,
      );
    },
  );
  if (!tokens.refresh_token) throw errors.oauthExchangeFailed("no refresh token was issued", slug);

  const workspace: WorkspaceAccess = {
    id: row.workspaceId,
    slug,
    role,
  };
  const op = { ...options, workspace };
  const { credentialId, replaced } = await storeOAuthCredential(op, {
    refreshToken: tokens.refresh_token,
    scope: tokens.scope ?? "",
  });
  // The grant it replaces is of no more use: revoke it at Google (failures are only logged).
  if (replaced && replaced !== tokens.refresh_token)
    await googleOAuthClient({ oauth, endpoints: ctx.config.google })
      .revokeToken(replaced)
      .catch((error: unknown) => {
        ctx.logger.warn(
          { workspaceId: workspace.id, code: oauthErrorCode(error) ?? "unreachable" },
          "google oauth revoke of a replaced grant failed",
        );
      });
  const request = row.request as Partial<Record<ConnectionProvider, { property?: string }>>;
  const providers = (["search_console", "analytics"] as const).filter((p) => request[p]);
  const input: Parameters<typeof configureConnections>[0]["input"] = {};
  for (const provider of providers) input[provider] = { ...request[provider], credentialId };
  const connections = await configureConnections({ ...op, input });
  return { workspace, connections, providers };
}

async function storeOAuthCredential(
  op: CompleteConnectionOAuthOptions & { workspace: WorkspaceAccess },
  grant: { refreshToken: string; scope: string },
): Promise<{ credentialId: string; replaced: string | undefined }> {
  const identity = credentialIdentity(
    op.workspace,
    OAUTH_CREDENTIAL.connector,
    OAUTH_CREDENTIAL.key,
  );
  const { row, replaced } = await storeWorkspaceCredential({
    ...op,
    identity,
    value: serializeOAuthCredential(grant),
    kind: "google_oauth",
    maskedValue: oauthCredentialLabel(grant),
  });
  // The grant it replaced is revoked at Google by the caller.
  const previous =
    replaced?.kind === "google_oauth"
      ? parseOAuthCredential(
          op.ctx.secrets.secretBox.open(replaced.ciphertext, credentialAad(identity)),
        )
      : undefined;
  return { credentialId: row.id, replaced: previous?.refreshToken };
}
