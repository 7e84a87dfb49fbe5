import { analyticsdata } from "@googleapis/analyticsdata";
import { searchconsole } from "@googleapis/searchconsole";
import type { GoogleEndpoints } from "./google-auth.js";
import { type GoogleCredential, googleCredentialAuth, keyOf } from "./google-credential-auth.js";
import { describeGoogleFailure, type GoogleFailure } from "./google-failure.js";

export type GoogleProvider = "search_console" | "analytics";

export const GOOGLE_SCOPES: Record<GoogleProvider, string> = {
  search_console: "https://www.googleapis.com/auth/webmasters.readonly",
  analytics: "https://www.googleapis.com/auth/analytics.readonly",
};

export interface ProbeGooglePropertyOptions {
  provider: GoogleProvider;
  /** `sc-domain:example.com` for Search Console, the numeric property id for GA4. */
  property: string;
  /** A service-account key, or an OAuth refresh token with the server's OAuth client. */
  credential: GoogleCredential;
  endpoints: GoogleEndpoints;
}

export type ProbeOutcome = { ok: true } | { ok: false; failure: GoogleFailure };

/**
 * Proves that the key reaches the property, with Google's own clients: the Search Console
 * site lookup (`GET /webmasters/v3/sites/{siteUrl}`) or the GA4 property metadata
 * (`GET /v1beta/properties/{id}/metadata`), each after the token exchange (the service
 * account's JWT bearer grant, or an OAuth credential's refresh-token grant).
 * One attempt (no retries: a test answers now); a failure is described in words.
 */
export async function probeGoogleProperty(
  options: ProbeGooglePropertyOptions,
): Promise<ProbeOutcome> {
  const { provider, property, credential, endpoints } = options;
  const key = keyOf(credential);
  const auth = googleCredentialAuth({ credential, scopes: [GOOGLE_SCOPES[provider]], endpoints });
  const call = { retry: false, timeout: endpoints.timeoutMs };
  try {
    if (provider === "search_console") {
      const client = searchconsole({ version: "v1", auth, rootUrl: endpoints.searchConsoleUrl });
      await client.sites.get({ siteUrl: property }, call);
    } else {
      const client = analyticsdata({
        version: "v1beta",
        auth,
        rootUrl: endpoints.analyticsDataUrl,
      });
      await client.properties.getMetadata({ name: `properties/${property}/metadata` }, call);
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, failure: describeGoogleFailure({ error, provider, property, key }) };
  }
}
