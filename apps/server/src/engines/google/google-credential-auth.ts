import type { JWT, OAuth2Client } from "google-auth-library";
import { type GoogleEndpoints, serviceAccountAuth } from "./google-auth.js";
import { type GoogleOAuthConfig, googleOAuthClient } from "./google-oauth.js";
import type { GoogleServiceAccountKey } from "./google-service-account-key.js";

/** A connection's credential, opened: a service-account key, or an OAuth refresh token. */
export type GoogleCredential =
  | { kind: "service_account"; key: GoogleServiceAccountKey }
  | { kind: "oauth"; refreshToken: string; oauth: GoogleOAuthConfig };

export interface GoogleCredentialAuthOptions {
  credential: GoogleCredential;
  scopes: string[];
  endpoints: GoogleEndpoints;
}

/**
 * The authenticated google-auth-library client for a credential: the service account's JWT
 * bearer grant, or the OAuth client's refresh-token grant. Either client keeps the access
 * token it obtained and asks for a new one only when it expires, so one client reused for
 * many calls makes one token exchange.
 */
export function googleCredentialAuth({
  credential,
  scopes,
  endpoints,
}: GoogleCredentialAuthOptions): JWT | OAuth2Client {
  return credential.kind === "service_account"
    ? serviceAccountAuth({ key: credential.key, scopes, endpoints })
    : googleOAuthClient({
        oauth: credential.oauth,
        endpoints,
        refreshToken: credential.refreshToken,
      });
}

/** The service-account key behind a credential, for failures that name its project. */
export function keyOf(credential: GoogleCredential): GoogleServiceAccountKey | undefined {
  return credential.kind === "service_account" ? credential.key : undefined;
}
