import { expect } from "vitest";
import { FakeGoogle } from "../fakes/google/fake-google.js";
import { startTestServer, type TestResponse, type TestServer } from "../harness/test-server.js";
import { GA4_PROPERTY, GSC_PROPERTY } from "./connection-fixture.js";

export const OAUTH_CLIENT_ID = "1234-geopulse.apps.googleusercontent.com";
export const OAUTH_CLIENT_SECRET = "GOCSPX-test-secret";
/** The Google account that consents (a user of the site and the property). */
export const GOOGLE_USER = "owner@acme.com";

export interface OAuthFixture {
  t: TestServer;
  google: FakeGoogle;
  cookie: string;
  slug: string;
  start(body: unknown, caller?: { cookie?: string; bearer?: string }): Promise<TestResponse<any>>;
  /** Follows the authorization URL at the fake consent screen; answers the redirect's query. */
  authorize(authorizationUrl: string): Promise<URLSearchParams>;
  callback(query: URLSearchParams | string, cookie?: string): Promise<TestResponse<any>>;
  close(): Promise<void>;
}

/** A server with the Google fakes and an OAuth client; one workspace; the consenting user. */
export async function startOAuthFixture(brand: string): Promise<OAuthFixture> {
  const google = await new FakeGoogle().start();
  google.oauth.addClient(OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET);
  google.oauth.consent = { email: GOOGLE_USER };
  google.searchConsole.addSite(GSC_PROPERTY, [GOOGLE_USER]);
  google.analytics.addProperty(GA4_PROPERTY, [GOOGLE_USER]);
  const t = await startTestServer({
    env: {
      ...google.env,
      GEO_GOOGLE_OAUTH_CLIENT_ID: OAUTH_CLIENT_ID,
      GEO_GOOGLE_OAUTH_CLIENT_SECRET: OAUTH_CLIENT_SECRET,
    },
  });
  const cookie = await t.signIn(`owner@${brand}.example.com`);
  const slug = await t.createWorkspace(cookie, {
    brand,
    gscProperty: GSC_PROPERTY,
    ga4Property: GA4_PROPERTY,
  });
  return {
    t,
    google,
    cookie,
    slug,
    start: (body, caller = { cookie }) =>
      t.request("POST", `/api/v1/workspaces/${slug}/connections/oauth/start`, {
        ...caller,
        body,
      }),
    authorize: async (authorizationUrl) => {
      const response = await fetch(authorizationUrl, { redirect: "manual" });
      expect(response.status).toBe(302);
      return new URL(response.headers.get("location") ?? "").searchParams;
    },
    callback: (query, c = cookie) =>
      t.request("GET", `/api/v1/connections/oauth/callback?${query.toString()}`, { cookie: c }),
    close: async () => {
      await t.close();
      await google.close();
    },
  };
}
