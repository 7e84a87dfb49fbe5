import { JWT } from "google-auth-library";
import type { GoogleServiceAccountKey } from "./google-service-account-key.js";

/** Where the Google clients send their requests (config.ts `google`). */
export interface GoogleEndpoints {
  tokenUrl: string;
  searchConsoleUrl: string;
  analyticsDataUrl: string;
  timeoutMs: number;
}

/** Google's token endpoint, the address google-auth-library's service-account flow always uses. */
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";

export interface ServiceAccountAuthOptions {
  key: GoogleServiceAccountKey;
  scopes: string[];
  endpoints: GoogleEndpoints;
}

/**
 * google-auth-library's service-account client (JWT bearer grant: an RS256 assertion signed
 * with the key, exchanged at the token endpoint for an access token). The library posts to
 * Google's token URL with no option to change it; an interceptor on the client's own transport
 * sends that one request to `endpoints.tokenUrl` instead (a local fake in tests), leaving the
 * request as the library built it (form, assertion with Google's `aud`). API roots are the API
 * clients' `rootUrl` option.
 */
export function serviceAccountAuth({ key, scopes, endpoints }: ServiceAccountAuthOptions): JWT {
  const auth = new JWT({
    email: key.clientEmail,
    key: key.privateKey,
    keyId: key.privateKeyId ?? undefined,
    scopes,
    transporterOptions: { timeout: endpoints.timeoutMs },
  });
  if (endpoints.tokenUrl !== GOOGLE_TOKEN_URL) {
    const target = endpoints.tokenUrl;
    auth.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (options.url.toString() === GOOGLE_TOKEN_URL) options.url = new URL(target);
        return options;
      },
    });
  }
  return auth;
}
