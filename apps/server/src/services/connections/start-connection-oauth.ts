import type { ConnectionProvider, RequestBody, ResponseBody } from "@geopulse/api-types";
import { hashCapability } from "../../crypto/capability-token.js";
import { authorizationRequest, googleOAuthClient } from "../../engines/google/google-oauth.js";
import { GOOGLE_SCOPES } from "../../engines/google/probe-google-property.js";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { newId } from "../../ids.js";
import { randomToken } from "../../random.js";
import type { WorkspaceOperation } from "../operation.js";
import { checkPropertyDomain } from "./check-property-domain.js";
import { CONNECTION_PROVIDERS } from "./load-connections.js";

/** How long a started authorization may be completed. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export interface StartConnectionOAuthOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  input: RequestBody<"startConnectionOAuth">;
}

/** The stored form of a `state`: only its hash is kept, like session and key tokens. */

/** What the code verifier is sealed with: bound to its state row. */
export const oauthStateAad = (id: string) => `oauth_state:${id}`;

/**
 * Starts the authorization-code flow with PKCE (docs/connections.md): a random `state`
 * (stored hashed, single use, 10 minutes, bound to this person and workspace), a PKCE code
 * verifier sealed on the server, and Google's consent URL for the requested providers' scopes.
 * `503 google_oauth_unavailable` without an OAuth client.
 */
export async function startConnectionOAuth(
  options: StartConnectionOAuthOptions,
): Promise<ResponseBody<"startConnectionOAuth", 200>> {
  const { ctx, workspace, principal, input } = options;
  const oauth = ctx.config.googleOAuth;
  if (!oauth) throw errors.googleOauthUnavailable();
  const providers = CONNECTION_PROVIDERS.filter((p) => input[p] !== undefined);
  const request: Partial<Record<ConnectionProvider, { property?: string }>> = {};
  for (const provider of providers) request[provider] = { ...input[provider] };
  if (input.search_console) {
    const { domains, gscProperty } = await ctx.prisma.workspace.findUniqueOrThrow({
      where: { id: workspace.id },
      select: { domains: true, gscProperty: true },
    });
    const property = input.search_console.property;
    checkPropertyDomain(
      property ?? gscProperty,
      domains,
      property ? "body.search_console.property" : "body.search_console",
    );
  }
  const state = randomToken();
  const client = googleOAuthClient({ oauth, endpoints: ctx.config.google });
  const { authorizationUrl, codeVerifier } = await authorizationRequest(
    client,
    providers.map((p) => GOOGLE_SCOPES[p]),
    state,
  );
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + OAUTH_STATE_TTL_MS);
  const id = newId("oas", ctx.clock);
  await ctx.prisma.$transaction([
    // Housekeeping: this workspace's finished or expired authorizations are of no more use.
    ctx.prisma.oAuthState.deleteMany({
      where: {
        workspaceId: workspace.id,
        OR: [{ expiresAt: { lte: now } }, { usedAt: { not: null } }],
      },
    }),
    ctx.prisma.oAuthState.create({
      data: {
        id,
        stateHash: hashCapability(state),
        workspaceId: workspace.id,
        userId: principal.userId,
        request,
        codeVerifier: ctx.secrets.secretBox.seal(codeVerifier, oauthStateAad(id)),
        expiresAt,
        createdAt: now,
      },
    }),
  ]);
  return { authorizationUrl, expiresAt: expiresAt.toISOString() };
}
