import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type ConnectionFixture,
  configureBoth,
  GSC_PROPERTY,
  startConnectionFixture,
} from "./connection-fixture.js";

let f: ConnectionFixture;
beforeAll(async () => {
  f = await startConnectionFixture("conn-test-fail");
  await configureBoth(f);
});
afterAll(() => f.close());
beforeEach(() => {
  f.google.disabled.clear();
  f.google.searchConsole.addSite(GSC_PROPERTY, [f.account.clientEmail]);
  f.google.analytics.addProperty("123456789", [f.account.clientEmail]);
  const sa = f.google.oauth.serviceAccounts.get(f.account.clientEmail);
  if (sa) sa.revoked = false;
});

describe("testConnection: each failure is recorded, in words, and answered 200", () => {
  it("property not accessible: the service account is not a user of the site", async () => {
    f.google.searchConsole.addSite(GSC_PROPERTY, ["someone-else@example.com"]);
    const response = await f.test("search_console");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      status: "error",
      lastErrorCode: "property_not_accessible",
      lastTestedAt: f.t.clock.now().toISOString(),
    });
    expect(response.body.lastError).toBe(
      `The service account ${f.account.clientEmail} cannot access the Search Console property ${GSC_PROPERTY}. Add it as a user of the property in Search Console (Settings, Users and permissions).`,
    );
  });

  it("property not accessible: GA4 property not shared", async () => {
    f.google.analytics.addProperty("123456789", []);
    const response = await f.test("analytics");
    expect(response.body).toMatchObject({
      status: "error",
      lastErrorCode: "property_not_accessible",
    });
    expect(response.body.lastError).toContain("GA4 property 123456789");
  });

  it("credential invalid: the token endpoint answers invalid_grant (key deleted)", async () => {
    f.google.oauth.revokeServiceAccountKey(f.account.clientEmail);
    for (const provider of ["search_console", "analytics"]) {
      const before = f.google.requests.length;
      const response = await f.test(provider);
      expect(response.body).toMatchObject({ status: "error", lastErrorCode: "credential_invalid" });
      expect(response.body.lastError).toContain("(invalid_grant)");
      expect(response.body.lastError).toContain(f.account.clientEmail);
      // The API was never reached: the token exchange failed first.
      expect(f.google.requests.slice(before).map((r) => r.api)).toEqual(["token"]);
    }
  });

  it("API not enabled: Google's SERVICE_DISABLED answer, for each API", async () => {
    f.google.disableApi("searchconsole");
    f.google.disableApi("analyticsdata");
    const gsc = await f.test("search_console");
    expect(gsc.body).toMatchObject({ status: "error", lastErrorCode: "api_not_enabled" });
    expect(gsc.body.lastError).toBe(
      "The Google Search Console API (searchconsole.googleapis.com) is not enabled in the Google Cloud project acme-analytics. Enable it in the Google Cloud console, wait a few minutes, then test again.",
    );
    const ga4 = await f.test("analytics");
    expect(ga4.body).toMatchObject({ status: "error", lastErrorCode: "api_not_enabled" });
    expect(ga4.body.lastError).toContain("analyticsdata.googleapis.com");
  });

  it("quota: a 429 with Retry-After is reported, not retried", async () => {
    f.google.rateLimitNext("searchconsole", 30);
    const before = f.google.requests.length;
    const response = await f.test("search_console");
    expect(response.body).toMatchObject({ status: "error", lastErrorCode: "quota_exceeded" });
    expect(f.google.requests.slice(before).filter((r) => r.api === "searchconsole")).toHaveLength(
      1,
    );
  });

  it("anything else is a provider error with Google's words, clipped", async () => {
    f.google.failNext("analyticsdata", {
      status: 500,
      body: { error: { code: 500, message: "Internal error encountered.", status: "INTERNAL" } },
    });
    const response = await f.test("analytics");
    expect(response.body).toMatchObject({ status: "error", lastErrorCode: "provider_error" });
    expect(response.body.lastError).toBe(
      "The Google Analytics Data API answered HTTP 500: Internal error encountered.",
    );
  });

  it("a later success clears the error, and the list shows what the last test said", async () => {
    const response = await f.test("search_console");
    expect(response.body).toMatchObject({ status: "ok", lastErrorCode: null, lastError: null });
    const list = await f.list();
    expect(list.body.data[1]).toMatchObject({
      provider: "analytics",
      status: "error",
      lastErrorCode: "provider_error",
    });
  });

  it("a rotated key reads as untested until tested again", async () => {
    f.t.clock.advance(1000);
    const rotated = await f.t.request("POST", `/api/v1/workspaces/${f.slug}/credentials`, {
      cookie: f.cookie,
      body: {
        connector: "google",
        key: "service-account",
        value: f.account.keyFile,
        kind: "google_service_account",
        rotate: true,
      },
    });
    expect(rotated.status).toBe(200);
    const list = await f.list();
    expect(list.body.data.map((c: any) => c.status)).toEqual(["configured", "configured"]);
  });
});
