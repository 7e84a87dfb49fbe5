import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, expectError } from "./connection-fixture.js";
import { followConsent, type OAuthFixture, startOAuthFixture } from "./oauth-fixture.js";

/**
 * A Search Console domain property names one of the workspace's domains (acme.com here) or a
 * subdomain of one, wherever a connection's property is chosen: configure, the settings route
 * and the OAuth start. Anything else is 400 invalid_request naming the field, rule
 * workspace_domain, and nothing is written. The start's consent URL asks only for the
 * requested scopes (no include_granted_scopes).
 */
let f: OAuthFixture;
let credentialId: string;
beforeAll(async () => {
  f = await startOAuthFixture("prop-domain");
  const stored = await f.t.request<any>("POST", `/api/v1/workspaces/${f.slug}/credentials`, {
    cookie: f.cookie,
    body: {
      connector: "google",
      key: "sa",
      value: account().keyFile,
      kind: "google_service_account",
    },
  });
  expect(stored.status, stored.text).toBe(201);
  credentialId = stored.body.id;
});
afterAll(() => f.close());

const outside = ["sc-domain:globex.com", "sc-domain:notacme.com", "sc-domain:com.acme.net"];

const expectDomainRule = (response: any, field: string) => {
  expectError(response, 400, "invalid_request");
  expect(response.body.error.details.fields).toEqual([
    expect.objectContaining({ field, rule: "workspace_domain" }),
  ]);
  expect(response.body.error.message).toContain("acme.com");
};

describe("a Search Console property names one of the workspace's domains", () => {
  it("on configure", async () => {
    for (const property of outside) {
      const response = await f.t.request<any>(
        "POST",
        `/api/v1/workspaces/${f.slug}/connections/configure`,
        { cookie: f.cookie, body: { search_console: { property, credentialId } } },
      );
      expectDomainRule(response, "body.search_console.property");
    }
    expect(await f.t.server.ctx.prisma.connection.count()).toBe(0);
    const sub = await f.t.request<any>(
      "POST",
      `/api/v1/workspaces/${f.slug}/connections/configure`,
      {
        cookie: f.cookie,
        body: { search_console: { property: "sc-domain:shop.acme.com", credentialId } },
      },
    );
    expect(sub.status, sub.text).toBe(200);
  });

  it("on the settings route, against the domains after the change", async () => {
    const patch = (body: unknown) =>
      f.t.request<any>("PATCH", `/api/v1/workspaces/${f.slug}/settings`, {
        cookie: f.cookie,
        body,
      });
    expectDomainRule(await patch({ gscProperty: "sc-domain:globex.com" }), "body.gscProperty");
    expectDomainRule(
      await patch({ domains: ["acme.io"], gscProperty: "sc-domain:acme.com" }),
      "body.gscProperty",
    );
    const both = await patch({
      domains: ["acme.com", "acme.io"],
      gscProperty: "sc-domain:acme.io",
    });
    expect(both.status, both.text).toBe(200);
    // The connected property (acme.io now) may not outlive the domain that allowed it.
    expectDomainRule(await patch({ domains: ["acme.com"] }), "body.domains");
    const kept = await patch({ domains: ["acme.io", "acme.com"] });
    expect(kept.status, kept.text).toBe(200);
  });

  it("on the OAuth start, for the property sent or the workspace's", async () => {
    expectDomainRule(
      await f.start({ search_console: { property: "sc-domain:globex.com" } }),
      "body.search_console.property",
    );
    await f.t.server.ctx.prisma.workspace.update({
      where: { slug: f.slug },
      data: { gscProperty: "sc-domain:globex.com" },
    });
    expectDomainRule(await f.start({ search_console: {} }), "body.search_console");
    expect(await f.t.server.ctx.prisma.oAuthState.count()).toBe(0);
    // The same Google account granted this client analytics before (another workspace, say).
    const analytics = await f.start({ analytics: {} });
    await followConsent(analytics.body.authorizationUrl);
    const started = await f.start({ search_console: { property: "sc-domain:acme.io" } });
    expect(started.status, started.text).toBe(200);
    const url = new URL(started.body.authorizationUrl);
    expect(url.searchParams.has("include_granted_scopes")).toBe(false);
    const back = await followConsent(started.body.authorizationUrl);
    expect(back.searchParams.get("scope")).toBe(
      "https://www.googleapis.com/auth/webmasters.readonly",
    );
  });
});
