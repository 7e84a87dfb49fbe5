import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe("POST /api/v1/auth/sessions in local mode", () => {
  it("signs in at once with a signed, HttpOnly cookie backed by a stored session", async () => {
    const response = await t.request<any>("POST", "/api/v1/auth/sessions", {
      body: { email: "Ana@Example.COM" },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: "signed_in",
      user: { email: "ana@example.com", displayName: null },
    });
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^geo\.session=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");

    // Only the token's hash is stored.
    const token = setCookie.split("=")[1]?.split(".")[0] ?? "";
    const sessions = await t.server.ctx.prisma.session.findMany();
    expect(sessions.some((s) => s.tokenHash.includes(token))).toBe(false);
    expect(sessions.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash))).toBe(true);
  });

  it("returns the same user for the same address", async () => {
    const a = await t.request<any>("POST", "/api/v1/auth/sessions", {
      body: { email: "same@example.com" },
    });
    const b = await t.request<any>("POST", "/api/v1/auth/sessions", {
      body: { email: "SAME@example.com" },
    });
    expect(a.body.user.userId).toBe(b.body.user.userId);
  });

  it.each([
    ["missing email", {}, "body.email", "required"],
    ["not an address", { email: "nope" }, "body.email", "format"],
    ["extra field", { email: "a@example.com", admin: true }, "body.admin", "additionalProperties"],
  ])("rejects %s with 400", async (_name, body, field, rule) => {
    const response = await t.request<any>("POST", "/api/v1/auth/sessions", { body });
    expect(response.status).toBe(400);
    expect(response.body.error.details.fields).toContainEqual(
      expect.objectContaining({ field, rule }),
    );
  });
});

describe("GET /api/v1/me and sign-out", () => {
  it("identifies the session, then stops accepting it after sign-out", async () => {
    const cookie = await t.signIn("me@example.com");
    const me = await t.request<any>("GET", "/api/v1/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      principal: "session",
      user: { email: "me@example.com" },
      apiKey: null,
    });

    const out = await t.request("DELETE", "/api/v1/auth/sessions/current", { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/^geo\.session=;.*Expires=Thu, 01 Jan 1970/);

    const after = await t.request<any>("GET", "/api/v1/me", { cookie });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("invalid_session");
  });

  it("ends a session when its lifetime passes", async () => {
    const cookie = await t.signIn("expiring@example.com");
    t.clock.advance(14 * 24 * 3600_000 - 1000);
    expect((await t.request("GET", "/api/v1/me", { cookie })).status).toBe(200);
    t.clock.advance(2000);
    const expired = await t.request<any>("GET", "/api/v1/me", { cookie });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe("invalid_session");
  });

  it("rejects a cookie signed with another secret", async () => {
    const cookie = await t.signIn("forged@example.com");
    const [name, value] = cookie.split("=");
    const token = value?.split(".")[0];
    const forged = `${name}=${token}.${"A".repeat(43)}`;
    const response = await t.request<any>("GET", "/api/v1/me", { cookie: forged });
    expect(response.status).toBe(401);
  });
});
