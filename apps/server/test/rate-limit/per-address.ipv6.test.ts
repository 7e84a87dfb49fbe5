import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

// Per-address limits count an IPv6 client by its /64: one host commonly holds
// a whole /64, so counting single addresses would let it pass any limit.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_TRUSTED_PROXIES: "loopback" } });
});
afterAll(() => t.close());

const startFrom = (address: string) =>
  t.request<any>("POST", "/api/v1/device-authorizations", {
    headers: { "x-forwarded-for": address },
    body: {},
  });

describe("per-address limits and IPv6", () => {
  it("counts every address of one /64 together, and another /64 apart", async () => {
    for (let i = 1; i <= 30; i++) {
      expect((await startFrom(`2001:db8:1:2::${i.toString(16)}`)).status).toBe(201);
    }
    const limited = await startFrom("2001:db8:1:2:ffff:ffff:ffff:ffff");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await startFrom("2001:db8:1:3::1")).status).toBe(201);
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address", async () => {
    for (let i = 0; i < 30; i++) expect((await startFrom("203.0.113.77")).status).toBe(201);
    expect((await startFrom("::ffff:203.0.113.77")).status).toBe(429);
    expect((await startFrom("203.0.113.78")).status).toBe(201);
  });
});
