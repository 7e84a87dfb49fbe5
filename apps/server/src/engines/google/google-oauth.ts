import { CodeChallengeMethod, OAuth2Client } from "google-auth-library";
import type { GoogleEndpoints } from "./google-auth.js";

/** The server's Google OAuth client (config.ts `googleOAuth`). */
export interface GoogleOAuthConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  revokeUrl: string;
  redirectUri: string;
}

export interface GoogleOAuthClientOptions {
  oauth: GoogleOAuthConfig;
  endpoints: GoogleEndpoints;
  /** A stored refresh token: the client then refreshes access tokens with it. */
  refreshToken?: string;
}

/**
 * google-auth-library's OAuth 2.0 client for the authorization-code flow with PKCE
 * (docs/connections.md): consent URL, code exchange, refresh-token grant and revocation, each
 * at the configured endpoint (Google's by default, local fakes in tests).
 */
export function googleOAuthClient({
  oauth,
  endpoints,
  refreshToken,
}: GoogleOAuthClientOptions): OAuth2Client {
  const client = new OAuth2Client({
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
    redirectUri: oauth.redirectUri,
    endpoints: {
      oauth2AuthBaseUrl: oauth.authUrl,
      oauth2TokenUrl: endpoints.tokenUrl,
      oauth2RevokeUrl: oauth.revokeUrl,
    },
    transporterOptions: { timeout: endpoints.timeoutMs },
  });
  if (refreshToken) client.setCredentials({ refresh_token: refreshToken });
  return client;
}

export interface AuthorizationRequest {
  authorizationUrl: string;
  /** Kept on the server (sealed) until the callback sends it to the token endpoint. */
  codeVerifier: string;
}

/**
 * Google's consent URL for `scopes` with offline access (a refresh token), consent asked
 * every time (so a refresh token is always issued), and a fresh PKCE S256 challenge. No
 * `include_granted_scopes`: the grant holds only the scopes asked for here, never what the
 * same Google account granted this client earlier (for another workspace or provider).
 */
export async function authorizationRequest(
  client: OAuth2Client,
  scopes: string[],
  state: string,
): Promise<AuthorizationRequest> {
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  const authorizationUrl = client.generateAuthUrl({
    access_type: "offline",
    prompt: "consent",
    scope: scopes,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: CodeChallengeMethod.S256,
  });
  return { authorizationUrl, codeVerifier };
}

/** Google's `{ error, error_description }` from a refused token request, if that is what it is. */
export function oauthErrorCode(error: unknown): string | undefined {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  const code = (data as { error?: unknown } | undefined)?.error;
  return typeof code === "string" ? code.slice(0, 100) : undefined;
}
