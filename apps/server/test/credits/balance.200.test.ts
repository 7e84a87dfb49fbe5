import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const balance = (slug: string, cookie: string) =>
  t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, { cookie });
const days = (n: number) => n * 24 * 3600_000;

describe("the free grant", () => {
  it("gives a new workspace 1,000,000 micro-USD expiring in 30 days", async () => {
    const cookie = await t.signIn("first@example.com");
    const slug = await t.createWorkspace(cookie, { brand: "granted" });
    const response = await balance(slug, cookie);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      workspace: slug,
      state: "active",
      postedMicrousd: 1_000_000,
      heldMicrousd: 0,
      availableMicrousd: 1_000_000,
      nextExpiryAt: new Date(t.clock.now().getTime() + days(30)).toISOString(),
    });
  });

  it("is given at most once per person", async () => {
    const cookie = await t.signIn("twice@example.com");
    const first = await t.createWorkspace(cookie, { brand: "first-ws" });
    const second = await t.createWorkspace(cookie, { brand: "second-ws" });
    expect((await balance(first, cookie)).body.postedMicrousd).toBe(1_000_000);
    expect((await balance(second, cookie)).body).toMatchObject({
      state: "depleted",
      postedMicrousd: 0,
      availableMicrousd: 0,
      nextExpiryAt: null,
    });
  });

  it("is given once even when one person creates workspaces concurrently", async () => {
    const cookie = await t.signIn("racer@example.com");
    const slugs = await Promise.all(
      ["race-a", "race-b", "race-c", "race-d"].map((brand) => t.createWorkspace(cookie, { brand })),
    );
    const postings = await Promise.all(
      slugs.map(async (slug) => (await balance(slug, cookie)).body.postedMicrousd),
    );
    expect(postings.sort()).toEqual([0, 0, 0, 1_000_000]);
  });

  it("expires after 30 days", async () => {
    const cookie = await t.signIn("expiring@example.com");
    const slug = await t.createWorkspace(cookie, { brand: "expiring" });
    t.clock.advance(days(30) - 1);
    // Sessions last 14 days: sign in again after the jump.
    const later = await t.signIn("expiring@example.com");
    expect((await balance(slug, later)).body.availableMicrousd).toBe(1_000_000);
    t.clock.advance(1);
    expect((await balance(slug, later)).body).toMatchObject({
      state: "depleted",
      postedMicrousd: 0,
      nextExpiryAt: null,
    });
    const usage = await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/usage`, {
      cookie: later,
    });
    expect(usage.body.entries.map((e: any) => [e.kind, e.amountMicrousd])).toEqual([
      ["expiry", -1_000_000],
      ["grant", 1_000_000],
    ]);
  });
});

describe("reading the balance", () => {
  it("is allowed to keys with credits:read and refused without", async () => {
    const cookie = await t.signIn("reader@example.com");
    const slug = await t.createWorkspace(cookie, { brand: "reader" });
    const reader = await t.mintKey(cookie, slug, ["credits:read"]);
    expect(
      (
        await t.request("GET", `/api/v1/workspaces/${slug}/credits/balance`, {
          bearer: reader.secret,
        })
      ).status,
    ).toBe(200);
    const other = await t.mintKey(cookie, slug, ["metrics:read"]);
    const refused = await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, {
      bearer: other.secret,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("insufficient_scope");
  });
});
