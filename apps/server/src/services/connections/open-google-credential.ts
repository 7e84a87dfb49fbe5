import type { StoredCredential } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { credentialAad } from "../../crypto/credential-identity.js";
import type { GoogleCredential } from "../../engines/google/google-credential-auth.js";
import type { GoogleFailure } from "../../engines/google/google-failure.js";
import { parseOAuthCredential } from "../../engines/google/google-oauth-credential.js";
import { parseServiceAccountKey } from "../../engines/google/google-service-account-key.js";

export type OpenedGoogleCredential = GoogleCredential | { failure: GoogleFailure };

/**
 * A connection's stored credential opened in memory for a call to Google (the connection
 * test, the SEO refresh): a service-account key, or an OAuth refresh token with the server's
 * OAuth client; or why it cannot be used, as a `credential_invalid` failure in words. The
 * value is never logged, stored elsewhere or answered.
 */
export function openGoogleCredential(
  ctx: AppContext,
  workspaceId: string,
  credential: Pick<StoredCredential, "ciphertext" | "connector" | "key" | "kind">,
): OpenedGoogleCredential {
  const value = ctx.secrets.secretBox.open(
    credential.ciphertext,
    credentialAad({ workspaceId, connector: credential.connector, key: credential.key }),
  );
  return credential.kind === "google_oauth"
    ? oauthCredential(ctx, value)
    : serviceAccountCredential(value);
}

function serviceAccountCredential(value: string): OpenedGoogleCredential {
  const parsed = parseServiceAccountKey(value);
  if (parsed.ok) return { kind: "service_account", key: parsed.key };
  return {
    failure: { code: "credential_invalid", message: `The stored credential ${parsed.problem}.` },
  };
}

function oauthCredential(ctx: AppContext, value: string): OpenedGoogleCredential {
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
