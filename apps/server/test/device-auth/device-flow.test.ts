import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_PUBLIC_URL: "https://app.geopulse.test" } });
  cookie = await t.signIn("device@example.com");
  slug = await t.createWorkspace(cookie, { brand: "device" });
});
afterAll(() => t.close());

const start = async (
  body: unknown = { clientName: "geopulse CLI on laptop", scopes: ["metrics:read", "runs:read"] },
) => {
  const response = await t.request<any>("POST", "/api/v1/device-authorizations", { body });
  expect(response.status).toBe(201);
  return response.body;
};
const poll = (deviceCode: string) =>
  t.request<any>("POST", `/api/v1/device-authorizations/${deviceCode}/token`);
const approve = (userCode: string, body: unknown = { workspace: slug }, as = cookie) =>
  t.request<any>("POST", `/api/v1/device-authorizations/${userCode}/approve`, { cookie: as, body });

describe("the device authorization flow", () => {
  it("starts with a device code, a short user code and where to enter it", async () => {
    const started = await start();
    expect(started).toMatchObject({
      deviceCode: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      userCode: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verificationUri: "https://app.geopulse.test/device",
      expiresIn: 600,
      interval: 5,
    });
    expect(started.verificationUriComplete).toBe(
      `https://app.geopulse.test/device?user_code=${started.userCode}`,
    );
    const rows = await t.server.ctx.prisma.deviceAuthorization.findMany();
    expect(JSON.stringify(rows)).not.toContain(started.deviceCode);
  });

  it("answers authorization_pending, then slow_down when polled faster than the interval", async () => {
    const { deviceCode } = await start();
    const first = await poll(deviceCode);
    expect(first.status).toBe(400);
    expect(first.body.error.code).toBe("authorization_pending");
    const fast = await poll(deviceCode);
    expect(fast.body.error.code).toBe("slow_down");
    expect(fast.body.error.details.interval).toBe(10);
    t.clock.advance(10_000);
    expect((await poll(deviceCode)).body.error.code).toBe("authorization_pending");
  });

  it("shows the person which client asked, then issues the approved key exactly once", async () => {
    const { deviceCode, userCode } = await start();
    const lookup = await t.request<any>(
      "GET",
      `/api/v1/device-authorizations/${userCode.toLowerCase().replace("-", "%20")}`,
      { cookie },
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({
      userCode,
      clientName: "geopulse CLI on laptop",
      status: "pending",
      requestedScopes: ["metrics:read", "runs:read"],
      workspace: null,
    });

    const approved = await approve(userCode, { workspace: slug, scopes: ["metrics:read"] });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: "approved",
      workspace: slug,
      approvedScopes: ["metrics:read"],
    });

    const token = await poll(deviceCode);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ workspace: slug, scopes: ["metrics:read"] });
    expect(token.body.apiKey).toMatch(/^gp_live_[A-Za-z0-9_-]{43}$/);
    const metrics = await t.request("GET", `/api/v1/workspaces/${slug}/metrics`, {
      bearer: token.body.apiKey,
    });
    expect(metrics.status).toBe(200);
    const runs = await t.request<any>("GET", `/api/v1/workspaces/${slug}/scoreboard`, {
      bearer: token.body.apiKey,
    });
    expect(runs.status).toBe(200);

    const again = await poll(deviceCode);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("expired_token");
    const key = await t.server.ctx.prisma.apiKey.findUniqueOrThrow({
      where: { id: token.body.keyId },
    });
    expect(key).toMatchObject({
      state: "active",
      source: "device",
      name: "geopulse CLI on laptop",
    });
  });

  it("defaults the approved scopes to those requested, else workspace:read", async () => {
    const withScopes = await start();
    expect((await approve(withScopes.userCode)).body.approvedScopes).toEqual([
      "metrics:read",
      "runs:read",
    ]);
    const without = await start({});
    expect((await approve(without.userCode)).body.approvedScopes).toEqual(["workspace:read"]);
  });

  it("answers access_denied after a denial", async () => {
    const { deviceCode, userCode } = await start();
    const denied = await t.request<any>("POST", `/api/v1/device-authorizations/${userCode}/deny`, {
      cookie,
    });
    expect(denied.body.status).toBe("denied");
    expect((await poll(deviceCode)).body.error.code).toBe("access_denied");
    const twice = await approve(userCode);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("already_decided");
  });

  it("expires after 10 minutes", async () => {
    const { deviceCode, userCode } = await start();
    t.clock.advance(10 * 60_000);
    expect((await poll(deviceCode)).body.error.code).toBe("expired_token");
    const lookup = await t.request<any>("GET", `/api/v1/device-authorizations/${userCode}`, {
      cookie,
    });
    expect(lookup.status).toBe(404);
  });

  it("answers expired_token for a device code nobody issued", async () => {
    const response = await poll("x".repeat(43));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("expired_token");
  });

  it("approves only for a workspace the person belongs to", async () => {
    const { userCode } = await start();
    const stranger = await t.signIn("stranger@example.com");
    await t.createWorkspace(stranger, { brand: "strangers" });
    const response = await approve(userCode, { workspace: slug }, stranger);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("workspace_not_found");
  });

  it("mints one key however many polls arrive together", async () => {
    const { deviceCode, userCode } = await start({ clientName: "concurrent" });
    await approve(userCode);
    const responses = await Promise.all(Array.from({ length: 10 }, () => poll(deviceCode)));
    const winners = responses.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const loser of responses.filter((r) => r.status !== 200)) {
      expect(loser.body.error.code).toBe("expired_token");
    }
    expect(await t.server.ctx.prisma.apiKey.count({ where: { name: "concurrent" } })).toBe(1);
  });
});

describe("user code guessing", () => {
  it("is limited to 10 failed look-ups per person per 15 minutes", async () => {
    const guesser = await t.signIn("guesser@example.com");
    const real = await start();
    for (let i = 0; i < 10; i++) {
      const miss = await t.request<any>("GET", "/api/v1/device-authorizations/BBBB-BBBB", {
        cookie: guesser,
      });
      expect(miss.status).toBe(404);
    }
    const limited = await t.request<any>("GET", `/api/v1/device-authorizations/${real.userCode}`, {
      cookie: guesser,
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const approveLimited = await approve(real.userCode, { workspace: slug }, guesser);
    expect(approveLimited.status).toBe(429);
    t.clock.advance(15 * 60_000);
    const later = await t.request("GET", `/api/v1/device-authorizations/${real.userCode}`, {
      cookie: guesser,
    });
    expect(later.status).toBe(404); // the real code expired meanwhile; the limit itself lifted
  });
});

describe("the verification page", () => {
  it("is served at the verification URI with a strict content security policy", async () => {
    const response = await t.request("GET", "/device?user_code=WDJB-MJHT");
    expect(response.status).toBe(200);
    expect(response.text).toContain("/api/v1/device-authorizations/");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("offers every scope of the contract, so a person can grant more than was asked", async () => {
    const page = (await t.request("GET", "/device")).text;
    const contract = (await t.request<any>("GET", "/api/v1/openapi.json")).body;
    const scopes: string[] = contract.components.schemas.Scope.enum;
    expect(scopes.length).toBeGreaterThan(10);
    for (const scope of scopes) {
      expect(page).toContain(`<input type="checkbox" value="${scope}">`);
    }
    // What the page does on Approve: the ticked boxes, here one asked for plus one added.
    const { deviceCode, userCode } = await start({ scopes: ["metrics:read"] });
    const lookup = await t.request<any>("GET", `/api/v1/device-authorizations/${userCode}`, {
      cookie,
    });
    expect(lookup.body.requestedScopes).toEqual(["metrics:read"]);
    const granted = await approve(userCode, {
      workspace: slug,
      scopes: ["metrics:read", "runs:write"],
    });
    expect(granted.status).toBe(200);
    expect(granted.body.approvedScopes).toEqual(["metrics:read", "runs:write"]);
    t.clock.advance(5_000);
    const token = await poll(deviceCode);
    expect(token.body.scopes).toEqual(["metrics:read", "runs:write"]);
  });
});
