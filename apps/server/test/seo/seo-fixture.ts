import { expect } from "vitest";
import { account, GA4_PROPERTY, GSC_PROPERTY } from "../connections/connection-fixture.js";
import { connectWithOAuth, GOOGLE_USER, oauthClientEnv } from "../connections/oauth-fixture.js";
import type { Ga4Row } from "../fakes/google/fake-analytics-data.js";
import { FakeGoogle } from "../fakes/google/fake-google.js";
import type { SearchAnalyticsRow } from "../fakes/google/fake-search-console.js";
import { quotaExceeded } from "../fakes/google/google-wire.js";
import { startTestServer, type TestResponse, type TestServer } from "../harness/test-server.js";

/** Rows per page the fixture's server asks Google for: small, so a refresh spans pages. */
export const PAGE_ROWS = 3;

/** UTC day `n` days before the clock's today, YYYY-MM-DD. */
export const daysAgo = (t: TestServer, n: number) =>
  new Date(t.clock.now().getTime() - n * 86_400_000).toISOString().slice(0, 10);

/** Seven Search Console rows (three pages of 3) within the default 28 days. */
export function searchRows(t: TestServer): SearchAnalyticsRow[] {
  return Array.from({ length: 7 }, (_, i) => ({
    date: daysAgo(t, 2 + i),
    query: `acme query ${i}`,
    page: `https://acme.com/p${i}`,
    clicks: 10 + i,
    impressions: 100 + i,
    ctr: (10 + i) / (100 + i),
    position: 3 + i / 10,
  }));
}

/** The GA4 session sources of the fixture, with the engine each classifies as. */
export const trafficSources: Array<[string, string | null]> = [
  ["chatgpt.com", "chatgpt"],
  ["chat.openai.com", "chatgpt"],
  ["perplexity.ai", "perplexity"],
  ["gemini.google.com", "gemini"],
  ["claude.ai", "claude"],
  ["edgeservices.bing.com", "copilot"],
  ["google", null],
  ["(direct)", null],
];

/** Eight GA4 rows (pages of 3, 3, 2), one per session source. */
export function trafficRows(t: TestServer): Ga4Row[] {
  return trafficSources.map(([source], i) => ({
    date: daysAgo(t, 3).replaceAll("-", ""),
    sessionSource: source,
    landingPage: `/landing-${i}`,
    sessions: 20 - i,
    keyEvents: i % 3,
  }));
}

export interface SeoFixture {
  t: TestServer;
  google: FakeGoogle;
  cookie: string;
  slug: string;
  refresh(body?: unknown, slug?: string, caller?: object): Promise<TestResponse<any>>;
  get(refreshId: string, slug?: string): Promise<TestResponse<any>>;
  /** A workspace of the owner with both connections configured (the first has the free credit). */
  connectedWorkspace(brand: string): Promise<string>;
  /**
   * A new person's first workspace (with the free credit), both providers connected through
   * the OAuth flow with a Google account that is a user of the site and the property.
   */
  oauthConnectedWorkspace(brand: string): Promise<{ slug: string; cookie: string }>;
  /** The next `n`-th Search Console query (1-based) answers 429 with Retry-After. */
  rateLimitQuery(n: number, retryAfterSeconds: number): void;
  close(): Promise<void>;
}

/**
 * A server with workers off (tests run the job in-process) pointed at a fake Google whose
 * Search Console site and GA4 property hold the rows above, shared with the service account
 * and with the Google account that consents to the server's OAuth client.
 */
export async function startSeoFixture(brand: string): Promise<SeoFixture> {
  const google = await new FakeGoogle().start();
  const sa = account();
  google.oauth.addServiceAccount({ clientEmail: sa.clientEmail, publicKeyPem: sa.publicKeyPem });
  const t = await startTestServer({
    env: {
      ...google.env,
      ...oauthClientEnv(google),
      GEO_WORKERS: "false",
      GEO_SEO_PAGE_ROWS: String(PAGE_ROWS),
    },
  });
  google.searchConsole.addSite(GSC_PROPERTY, [sa.clientEmail, GOOGLE_USER], searchRows(t));
  google.analytics.addProperty(GA4_PROPERTY, [sa.clientEmail, GOOGLE_USER], trafficRows(t));
  const cookie = await t.signIn(`owner@${brand}.example.com`);
  const connectedWorkspace = async (b: string) => {
    const s = await t.createWorkspace(cookie, { brand: b });
    const stored = await t.request<any>("POST", `/api/v1/workspaces/${s}/credentials`, {
      cookie,
      body: {
        connector: "google",
        key: "service-account",
        value: sa.keyFile,
        kind: "google_service_account",
      },
    });
    expect(stored.status).toBe(201);
    const configured = await t.request("POST", `/api/v1/workspaces/${s}/connections/configure`, {
      cookie,
      body: {
        search_console: { credentialId: stored.body.id },
        analytics: { credentialId: stored.body.id },
      },
    });
    expect(configured.status).toBe(200);
    return s;
  };
  const slug = await connectedWorkspace(brand);
  let queries = 0;
  let limited = new Map<number, number>();
  const query = google.searchConsole.query.bind(google.searchConsole);
  google.searchConsole.query = (site, email, body) => {
    queries++;
    const wait = limited.get(queries);
    return wait === undefined
      ? query(site, email, body)
      : quotaExceeded(wait, "searchconsole.googleapis.com");
  };
  return {
    t,
    google,
    cookie,
    slug,
    refresh: (body = {}, s = slug, caller = { cookie }) =>
      t.request("POST", `/api/v1/workspaces/${s}/seo/refresh`, { ...caller, body }),
    get: (refreshId, s = slug) =>
      t.request("GET", `/api/v1/workspaces/${s}/seo/refreshes/${refreshId}`, { cookie }),
    connectedWorkspace,
    oauthConnectedWorkspace: async (b) => {
      const owner = await t.signIn(`owner@${b}.example.com`);
      const s = await t.createWorkspace(owner, { brand: b });
      await connectWithOAuth(t, s, owner);
      return { slug: s, cookie: owner };
    },
    rateLimitQuery: (n, retryAfterSeconds) => {
      limited = new Map([[queries + n, retryAfterSeconds]]);
    },
    close: async () => {
      await t.close();
      await google.close();
    },
  };
}
