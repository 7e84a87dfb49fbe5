import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, validWorkspace } from "../harness/test-server.js";

// One free grant per mailbox (lower case, no +tag, Gmail without dots and
// googlemail.com folded in), at most 10 a UTC day per client address range
// (IPv4 /24, IPv6 /64); a workspace without a grant is still created and says why.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_TRUSTED_PROXIES: "loopback" } });
});
afterAll(() => t.close());

let brands = 0;
async function create(email: string, address: string) {
  const cookie = await t.signIn(email);
  brands += 1;
  const response = await t.request<any>("POST", "/api/v1/workspaces", {
    cookie,
    headers: { "x-forwarded-for": address },
    body: validWorkspace({ brand: `grant-${brands}` }),
  });
  expect(response.status, response.text).toBe(201);
  const balance = await t.request<any>(
    "GET",
    `/api/v1/workspaces/${response.body.slug}/credits/balance`,
    { cookie },
  );
  return { body: response.body, posted: balance.body.postedMicrousd as number };
}

describe("the free grant", () => {
  it("is one per mailbox, whatever spelling of it signed in", async () => {
    const first = await create("Jane.Doe@gmail.com", "192.0.2.1");
    expect(first.posted).toBe(1_000_000);
    expect(first.body.freeGrant).toEqual({
      status: "granted",
      amountMicrousd: 1_000_000,
      expiresAt: new Date(t.clock.now().getTime() + 30 * 24 * 3600_000).toISOString(),
    });
    for (const alias of ["janedoe+farm@googlemail.com", "j.a.n.e.d.o.e@gmail.com"]) {
      const again = await create(alias, "192.0.2.1");
      expect(again.posted).toBe(0);
      expect(again.body.freeGrant).toEqual({
        status: "already_claimed",
        amountMicrousd: 0,
        expiresAt: null,
      });
    }
    // Plus-addressing is folded on every domain; dots only where the provider ignores them.
    expect((await create("sam@example.org", "192.0.2.2")).posted).toBe(1_000_000);
    expect((await create("sam+2@example.org", "192.0.2.2")).posted).toBe(0);
    expect((await create("s.am@example.org", "192.0.2.2")).posted).toBe(1_000_000);
  });

  it("goes to at most 10 people a day per IPv4 /24; the 11th workspace is created without it", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await create(`v4-${i}@example.net`, `203.0.113.${i + 1}`)).posted).toBe(1_000_000);
    }
    const capped = await create("v4-late@example.net", "203.0.113.250");
    expect(capped.posted).toBe(0);
    expect(capped.body.freeGrant).toEqual({
      status: "address_limit",
      amountMicrousd: 0,
      expiresAt: null,
    });
    // Another range still gets grants; the capped person is not marked as having had one.
    expect((await create("v4-other@example.net", "198.51.100.9")).posted).toBe(1_000_000);
    t.clock.advance(24 * 3600_000);
    expect((await create("v4-late@example.net", "203.0.113.250")).posted).toBe(1_000_000);
  });

  it("counts IPv6 clients by their /64", async () => {
    for (let i = 0; i < 10; i++) {
      const address = `2001:db8:aa:bb::${(i + 1).toString(16)}`;
      expect((await create(`v6-${i}@example.net`, address)).posted).toBe(1_000_000);
    }
    const capped = await create("v6-late@example.net", "2001:db8:aa:bb:1:2:3:4");
    expect(capped.body.freeGrant.status).toBe("address_limit");
    expect((await create("v6-other@example.net", "2001:db8:aa:bc::1")).posted).toBe(1_000_000);
  });
});

describe("workspaces per person", () => {
  it("are capped at 10: the 11th answers 409 workspace_limit_reached", async () => {
    const cookie = await t.signIn("prolific@example.com");
    for (let i = 0; i < 10; i++) await t.createWorkspace(cookie, { brand: `prolific-${i}` });
    const refused = await t.request<any>("POST", "/api/v1/workspaces", {
      cookie,
      body: validWorkspace({ brand: "prolific-x" }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("workspace_limit_reached");
    expect(await t.server.ctx.prisma.workspace.count({ where: { brand: "prolific-x" } })).toBe(0);
  });

  it("hold under concurrency: 6 parallel creations after 6 leave exactly 10", async () => {
    const cookie = await t.signIn("racer@example.com");
    for (let i = 0; i < 6; i++) await t.createWorkspace(cookie, { brand: `racer-${i}` });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.request<any>("POST", "/api/v1/workspaces", {
          cookie,
          body: validWorkspace({ brand: `racer-p${i}` }),
        }),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(4);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(2);
  });
});
