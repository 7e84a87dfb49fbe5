import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "../team/team-fixtures.js";
import { expectError, GA4_PROPERTY } from "./connection-fixture.js";
import { connectWithOAuth, type OAuthFixture, startOAuthFixture } from "./oauth-fixture.js";

/**
 * A Google OAuth grant is one person's access to Google. Only that person may point it at a
 * property (change a connected property, or configure a connection with the grant): anyone
 * else, a colleague with any role or an API key with every scope, gets
 * 403 oauth_grant_owner_required and nothing changes. Otherwise a colleague could read,
 * through the SEO refresh, any property the granting person can see at Google.
 */
let f: OAuthFixture;
let colleague: string;
const other = { gsc: "sc-domain:acme.io", ga4: "987654321" };
beforeAll(async () => {
  f = await startOAuthFixture("grant-owner");
  colleague = (await join(f.t, f.cookie, f.slug, "grant-colleague@example.com", "owner")).cookie;
  const domains = await f.t.request("PATCH", `/api/v1/workspaces/${f.slug}/settings`, {
    cookie: f.cookie,
    body: { domains: ["acme.com", "acme.io"] },
  });
  expect(domains.status, domains.text).toBe(200);
  f.google.searchConsole.addSite(other.gsc, ["owner@acme.com"]);
  f.google.analytics.addProperty(other.ga4, ["owner@acme.com"]);
  await connectWithOAuth(f.t, f.slug, f.cookie);
});
afterAll(() => f.close());

const configure = (body: unknown, caller: { cookie: string } | { bearer: string }) =>
  f.t.request<any>("POST", `/api/v1/workspaces/${f.slug}/connections/configure`, {
    ...caller,
    body,
  });
const settings = (body: unknown, caller: { cookie: string } | { bearer: string }) =>
  f.t.request<any>("PATCH", `/api/v1/workspaces/${f.slug}/settings`, { ...caller, body });
const workspace = async () =>
  (await f.t.request<any>("GET", `/api/v1/workspaces/${f.slug}`, { cookie: f.cookie })).body;

describe("an OAuth grant's property is its granting person's to change", () => {
  it("refuses a colleague and keys, on configure and on the settings", async () => {
    const key = await f.t.mintKey(f.cookie, f.slug, [
      "connections:write",
      "settings:write",
      "connections:read",
    ]);
    for (const caller of [{ cookie: colleague }, { bearer: key.secret }]) {
      for (const [body, provider] of [
        [{ search_console: { property: other.gsc } }, "search_console"],
        [{ analytics: { property: other.ga4 } }, "analytics"],
      ] as const) {
        const response = await configure(body, caller);
        expectError(response, 403, "oauth_grant_owner_required");
        expect(response.body.error.details).toMatchObject({ provider });
      }
      expectError(
        await settings({ gscProperty: other.gsc }, caller),
        403,
        "oauth_grant_owner_required",
      );
      expectError(
        await settings({ ga4Property: other.ga4 }, caller),
        403,
        "oauth_grant_owner_required",
      );
    }
    expect(await workspace()).toMatchObject({
      gscProperty: "sc-domain:acme.com",
      ga4Property: GA4_PROPERTY,
    });
    // What does not move the grant stays open to others: the same property, other settings.
    expect(
      (await configure({ analytics: { property: GA4_PROPERTY } }, { cookie: colleague })).status,
    ).toBe(200);
    expect((await settings({ displayName: "Acme Two" }, { cookie: colleague })).status).toBe(200);
  });

  it("refuses pointing the grant at another provider's property for anyone but the grantor", async () => {
    const credentialId = (
      await f.t.request<any>("GET", `/api/v1/workspaces/${f.slug}/connections`, {
        cookie: f.cookie,
      })
    ).body.data[0].credential.id;
    const removed = await f.t.request(
      "DELETE",
      `/api/v1/workspaces/${f.slug}/connections/analytics`,
      {
        cookie: colleague,
      },
    );
    expect(removed.status).toBe(200);
    expectError(
      await configure({ analytics: { credentialId } }, { cookie: colleague }),
      403,
      "oauth_grant_owner_required",
    );
    expect((await configure({ analytics: { credentialId } }, { cookie: f.cookie })).status).toBe(
      200,
    );
  });

  it("lets the person who granted it change the property", async () => {
    const changed = await configure(
      { search_console: { property: other.gsc } },
      { cookie: f.cookie },
    );
    expect(changed.status, changed.text).toBe(200);
    expect((await settings({ ga4Property: other.ga4 }, { cookie: f.cookie })).status).toBe(200);
    expect(await workspace()).toMatchObject({ gscProperty: other.gsc, ga4Property: other.ga4 });
  });
});
