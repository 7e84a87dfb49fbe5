import { createPrivateKey, sign } from "node:crypto";
import { analyticsdata } from "@googleapis/analyticsdata";
import { searchconsole } from "@googleapis/searchconsole";
import { OAuth2Client } from "google-auth-library";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceAccountAuth } from "../../src/engines/google/google-auth.js";
import { parseServiceAccountKey } from "../../src/engines/google/google-service-account-key.js";
import { FakeGoogle } from "../fakes/google/fake-google.js";
import type { SearchAnalyticsRow } from "../fakes/google/fake-search-console.js";
import { account } from "./connection-fixture.js";

/**
 * The fakes against Google's real clients, without the server: what the SEO refresh will page
 * through (search analytics, GA4 reports), quota answers, both token grants.
 */
let google: FakeGoogle;
const site = "sc-domain:acme.com";
const endpoints = () => ({
  tokenUrl: `${google.url}/token`,
  searchConsoleUrl: `${google.url}/`,
  analyticsDataUrl: `${google.url}/`,
  timeoutMs: 10_000,
});
const key = () => {
  const parsed = parseServiceAccountKey(account().keyFile);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.key;
};
const gsc = () =>
  searchconsole({
    version: "v1",
    auth: serviceAccountAuth({
      key: key(),
      scopes: ["https://www.googleapis.com/auth/webmasters.readonly"],
      endpoints: endpoints(),
    }),
    rootUrl: endpoints().searchConsoleUrl,
  });
const ga4 = () =>
  analyticsdata({
    version: "v1beta",
    auth: serviceAccountAuth({
      key: key(),
      scopes: ["https://www.googleapis.com/auth/analytics.readonly"],
      endpoints: endpoints(),
    }),
    rootUrl: endpoints().analyticsDataUrl,
  });

beforeAll(async () => {
  google = await new FakeGoogle().start();
  google.oauth.addServiceAccount({
    clientEmail: account().clientEmail,
    publicKeyPem: account().publicKeyPem,
  });
  const rows: SearchAnalyticsRow[] = [];
  for (let i = 0; i < 2500; i++)
    rows.push({
      date: `2026-11-${String(1 + (i % 20)).padStart(2, "0")}`,
      query: `query ${i}`,
      page: `https://acme.com/p/${i % 40}`,
      clicks: i % 7,
      impressions: 10 + (i % 13),
      ctr: 0,
      position: 1 + (i % 9),
    });
  google.searchConsole.addSite(site, [account().clientEmail], rows);
  google.analytics.addProperty(
    "123456789",
    [account().clientEmail],
    Array.from({ length: 25 }, (_, i) => ({
      date: `202611${String(1 + (i % 10)).padStart(2, "0")}`,
      sessionSource: ["chatgpt.com", "perplexity.ai", "google"][i % 3] as string,
      landingPage: `/p/${i}`,
      sessions: i + 1,
      conversions: i % 2,
    })),
  );
});
afterAll(() => google.close());

describe("Google fakes with Google's clients", () => {
  it("search analytics pages by rowLimit and startRow until a page comes back without rows", async () => {
    const client = gsc();
    const sizes: number[] = [];
    const seen = new Set<string>();
    for (let startRow = 0; ; startRow += 1000) {
      const { data } = await client.searchanalytics.query({
        siteUrl: site,
        requestBody: {
          startDate: "2026-11-01",
          endDate: "2026-11-30",
          dimensions: ["date", "query", "page"],
          rowLimit: 1000,
          startRow,
        },
      });
      if (!data.rows) break;
      sizes.push(data.rows.length);
      for (const row of data.rows) seen.add(JSON.stringify(row.keys));
    }
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(seen.size).toBe(2500);
  });

  it("runReport pages by limit and offset with the total in rowCount, values as strings", async () => {
    const client = ga4();
    const request = (offset: number) =>
      client.properties.runReport({
        property: "properties/123456789",
        requestBody: {
          dateRanges: [{ startDate: "2026-11-01", endDate: "2026-11-30" }],
          dimensions: [{ name: "date" }, { name: "sessionSource" }, { name: "landingPage" }],
          metrics: [{ name: "sessions" }, { name: "conversions" }],
          limit: "10",
          offset: String(offset),
        },
      });
    const first = await request(0);
    expect(first.data.rowCount).toBe(25);
    expect(first.data.rows).toHaveLength(10);
    expect(first.data.rows?.[0]?.metricValues?.[0]?.value).toBe("25");
    expect((await request(20)).data.rows).toHaveLength(5);
    expect((await request(30)).data.rows).toBeUndefined();
  });

  it("a 429 carries Retry-After (one attempt: retries off)", async () => {
    google.rateLimitNext("searchconsole", 7);
    const error: any = await gsc()
      .sites.get({ siteUrl: site }, { retry: false })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error?.status).toBe(429);
    expect(error?.response?.headers.get("retry-after")).toBe("7");
    expect(error?.response?.data.error.status).toBe("RESOURCE_EXHAUSTED");
  });

  it("refresh-token grant: a token, then invalid_grant once revoked, invalid_client for another client", async () => {
    google.oauth.addRefreshToken("1//refresh", {
      clientId: "client-1.apps.googleusercontent.com",
      clientSecret: "secret-1",
      scopes: ["https://www.googleapis.com/auth/webmasters.readonly"],
      email: "person@acme.com",
    });
    const client = (id = "client-1.apps.googleusercontent.com") => {
      const c = new OAuth2Client({
        clientId: id,
        clientSecret: "secret-1",
        endpoints: { oauth2TokenUrl: `${google.url}/token` },
      });
      c.setCredentials({ refresh_token: "1//refresh" });
      return c;
    };
    expect((await client().getAccessToken()).token).toMatch(/^ya29\.fake-/);
    await expect(client("other.apps.googleusercontent.com").getAccessToken()).rejects.toMatchObject(
      {
        response: { status: 401, data: { error: "invalid_client" } },
      },
    );
    const grant = google.oauth.refreshTokens.get("1//refresh");
    if (grant) grant.revoked = true;
    await expect(client().getAccessToken()).rejects.toMatchObject({
      response: {
        status: 400,
        data: { error: "invalid_grant", error_description: "Token has been expired or revoked." },
      },
    });
  });

  it("JWT bearer grant: checks the signature, aud and lifetime as Google does", async () => {
    const now = Math.floor(Date.now() / 1000);
    const assertion = (claims: Record<string, unknown>, pem = account().privateKeyPem) => {
      const head = Buffer.from(JSON.stringify({ alg: "RS256", typ: "JWT" })).toString("base64url");
      const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
      const signature = sign(
        "RSA-SHA256",
        Buffer.from(`${head}.${body}`),
        createPrivateKey(pem),
      ).toString("base64url");
      return `${head}.${body}.${signature}`;
    };
    const exchange = async (jwt: string) => {
      const response = await fetch(`${google.url}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
          assertion: jwt,
        }),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const good = {
      iss: account().clientEmail,
      aud: "https://oauth2.googleapis.com/token",
      scope: "https://www.googleapis.com/auth/analytics.readonly",
      iat: now,
      exp: now + 3600,
    };
    expect((await exchange(assertion(good))).body).toMatchObject({
      token_type: "Bearer",
      expires_in: 3599,
    });
    const forged = assertion(good).split(".");
    forged[2] = Buffer.from("not the signature").toString("base64url");
    expect(await exchange(forged.join("."))).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "Invalid JWT Signature." },
    });
    expect(
      (await exchange(assertion({ ...good, aud: "https://example.com/token" }))).body.error,
    ).toBe("invalid_grant");
    expect(
      (await exchange(assertion({ ...good, iat: now - 7200, exp: now - 3600 }))).body
        .error_description,
    ).toMatch(/short-lived token/);
    expect((await exchange(assertion({ ...good, scope: "" }))).body.error).toBe("invalid_scope");
    expect(
      (await exchange(assertion({ ...good, iss: "nobody@x.iam.gserviceaccount.com" }))).body.error,
    ).toBe("invalid_grant");
  });
});
