import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConnectionFixture,
  configureBoth,
  GA4_PROPERTY,
  GSC_PROPERTY,
  startConnectionFixture,
} from "./connection-fixture.js";

let f: ConnectionFixture;
beforeAll(async () => {
  f = await startConnectionFixture("conn-test-ok");
  await configureBoth(f);
});
afterAll(() => f.close());

describe("testConnection: 200 ok", () => {
  it("Search Console: exchanges a signed assertion for a token, then looks the site up", async () => {
    const response = await f.test("search_console");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      provider: "search_console",
      status: "ok",
      property: GSC_PROPERTY,
      credential: {
        id: f.credentialId,
        kind: "service_account",
        label: `${f.account.clientEmail} (key …${f.account.privateKeyId.slice(-4)})`,
      },
      lastTestedAt: f.t.clock.now().toISOString(),
      lastSyncedAt: null,
      lastErrorCode: null,
      lastError: null,
    });
    const [token, lookup] = f.google.requests.slice(-2);
    expect(token).toMatchObject({ api: "token", method: "POST", path: "/token" });
    expect(lookup).toMatchObject({
      api: "searchconsole",
      method: "GET",
      path: `/webmasters/v3/sites/${encodeURIComponent(GSC_PROPERTY)}`,
      authorized: true,
    });
    const claims = f.google.oauth.assertions.at(-1);
    expect(claims).toMatchObject({
      iss: f.account.clientEmail,
      aud: "https://oauth2.googleapis.com/token",
      scope: "https://www.googleapis.com/auth/webmasters.readonly",
    });
  });

  it("GA4: reads the property's metadata", async () => {
    const response = await f.test("analytics");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      provider: "analytics",
      status: "ok",
      property: GA4_PROPERTY,
    });
    expect(f.google.requests.at(-1)).toMatchObject({
      api: "analyticsdata",
      method: "GET",
      path: `/v1beta/properties/${GA4_PROPERTY}/metadata`,
    });
    expect(f.google.oauth.assertions.at(-1)?.scope).toBe(
      "https://www.googleapis.com/auth/analytics.readonly",
    );
  });

  it("the list shows both tested, and a later property change reads as untested", async () => {
    const list = await f.list();
    expect(list.body.data.map((c: any) => c.status)).toEqual(["ok", "ok"]);
    f.t.clock.advance(60_000);
    const configured = await f.configure({ analytics: { property: "987654321" } });
    expect(configured.status).toBe(200);
    expect(configured.body.data[1]).toMatchObject({ status: "configured", property: "987654321" });
    const workspace = await f.t.request("GET", `/api/v1/workspaces/${f.slug}`, {
      cookie: f.cookie,
    });
    expect(workspace.body.ga4Property).toBe("987654321");
  });
});
