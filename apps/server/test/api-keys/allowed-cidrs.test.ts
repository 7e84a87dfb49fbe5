import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressInRanges, checkCidr } from "../../src/http/cidr.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

describe("CIDR rules", () => {
  it.each([
    ["203.0.113.0/24", true],
    ["0.0.0.0/0", true],
    ["2001:db8::/32", true],
    ["::/0", true],
    ["::ffff:10.0.0.0/104", true],
    ["203.0.113.0", false],
    ["203.0.113.1/24", false],
    ["203.0.113.0/33", false],
    ["203.0.113.0/-1", false],
    ["2001:db8::1/64", false],
    ["2001:db8::/200", false],
    ["300.0.0.0/8", false],
    ["10.0.0.0/8/8", false],
  ])("%s valid: %s", (cidr, valid) => {
    expect(checkCidr(cidr).ok).toBe(valid);
  });

  it("matches IPv4-mapped IPv6 client addresses against IPv4 ranges", () => {
    expect(addressInRanges("::ffff:203.0.113.9", ["203.0.113.0/24"])).toBe(true);
    expect(addressInRanges("203.0.113.9", ["203.0.113.0/24"])).toBe(true);
    expect(addressInRanges("198.51.100.1", ["203.0.113.0/24"])).toBe(false);
    expect(addressInRanges("2001:db8::5", ["2001:db8::/32", "10.0.0.0/8"])).toBe(true);
    expect(addressInRanges("2001:db9::5", ["2001:db8::/32"])).toBe(false);
    expect(addressInRanges(undefined, ["0.0.0.0/0"])).toBe(false);
  });
});

describe("keys restricted to CIDR ranges, direct connections", () => {
  let t: TestServer;
  let cookie: string;
  let slug: string;
  beforeAll(async () => {
    t = await startTestServer();
    cookie = await t.signIn("cidr@example.com");
    slug = await t.createWorkspace(cookie, { brand: "cidr" });
  });
  afterAll(() => t.close());

  it("serves a key from inside its ranges (the loopback client)", async () => {
    const key = await t.mintKey(cookie, slug, ["workspace:read"], ["10.0.0.0/8", "127.0.0.0/8"]);
    expect(
      (await t.request("GET", `/api/v1/workspaces/${slug}`, { bearer: key.secret })).status,
    ).toBe(200);
  });

  it("answers 403 ip_forbidden from outside every range", async () => {
    const key = await t.mintKey(cookie, slug, ["workspace:read"], ["10.0.0.0/8", "2001:db8::/32"]);
    const response = await t.request<any>("GET", `/api/v1/workspaces/${slug}`, {
      bearer: key.secret,
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("ip_forbidden");
  });

  it("ignores X-Forwarded-For when no proxy is trusted", async () => {
    const key = await t.mintKey(cookie, slug, ["workspace:read"], ["203.0.113.0/24"]);
    const response = await t.request("GET", `/api/v1/workspaces/${slug}`, {
      bearer: key.secret,
      headers: { "x-forwarded-for": "203.0.113.5" },
    });
    expect(response.status).toBe(403);
  });
});

describe("keys restricted to CIDR ranges behind a trusted proxy", () => {
  let t: TestServer;
  let cookie: string;
  let slug: string;
  beforeAll(async () => {
    t = await startTestServer({ env: { GEO_TRUSTED_PROXIES: "loopback" } });
    cookie = await t.signIn("proxy@example.com");
    slug = await t.createWorkspace(cookie, { brand: "proxied" });
  });
  afterAll(() => t.close());

  it("uses the client address the proxy reports", async () => {
    const key = await t.mintKey(cookie, slug, ["workspace:read"], ["203.0.113.0/24"]);
    const inside = await t.request("GET", `/api/v1/workspaces/${slug}`, {
      bearer: key.secret,
      headers: { "x-forwarded-for": "203.0.113.5" },
    });
    expect(inside.status).toBe(200);
    const outside = await t.request<any>("GET", `/api/v1/workspaces/${slug}`, {
      bearer: key.secret,
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(outside.status).toBe(403);
    expect(outside.body.error.code).toBe("ip_forbidden");
  });
});
