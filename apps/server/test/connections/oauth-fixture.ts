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

/** The environment of a server whose OAuth client is the one `google` knows. */
export function oauthClientEnv(google: FakeGoogle): Record<string, string> {
  google.oauth.addClient(OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET);
  google.oauth.consent = { email: GOOGLE_USER };
  return {
    GEO_GOOGLE_OAUTH_CLIENT_ID: OAUTH_CLIENT_ID,
    GEO_GOOGLE_OAUTH_CLIENT_SECRET: OAUTH_CLIENT_SECRET,
  };
}

/** Follows an authorization URL at the fake consent screen; answers where Google redirects. */
export async function followConsent(authorizationUrl: string): Promise<URL> {
  const response = await fetch(authorizationUrl, { redirect: "manual" });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "");
}

/**
 * The whole flow for both providers, as a person does it: start, the consent screen, the
 * callback with the query exactly as Google's redirect carries it.
 */
export async function connectWithOAuth(t: TestServer, slug: string, cookie: string) {
  const started = await t.request<any>(
    "POST",
    `/api/v1/workspaces/${slug}/connections/oauth/start`,
    { cookie, body: { search_console: {}, analytics: {} } },
  );
  expect(started.status, started.text).toBe(200);
  const back = await followConsent(started.body.authorizationUrl);
  const done = await t.request("GET", `/api/v1/connections/oauth/callback${back.search}`, {
    cookie,
  });
  expect(done.status, done.text).toBe(200);
}

/** A server with the Google fakes and an OAuth client; one workspace; the consenting user. */
export async function startOAuthFixture(brand: string): Promise<OAuthFixture> {
  const google = await new FakeGoogle().start();
  const oauthEnv = oauthClientEnv(google);
  google.searchConsole.addSite(GSC_PROPERTY, [GOOGLE_USER]);
  google.analytics.addProperty(GA4_PROPERTY, [GOOGLE_USER]);
  const t = await startTestServer({
    env: { ...google.env, ...oauthEnv },
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
    authorize: async (authorizationUrl) => (await followConsent(authorizationUrl)).searchParams,
    callback: (query, c = cookie) =>
      t.request("GET", `/api/v1/connections/oauth/callback?${query.toString()}`, { cookie: c }),
    close: async () => {
      await t.close();
      await google.close();
    },
  };
}
