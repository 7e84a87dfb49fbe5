import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("keys@example.com");
  slug = await t.createWorkspace(cookie, { brand: "keys" });
});
afterAll(() => t.close());

const create = (body: unknown, as = cookie) =>
  t.request<any>("POST", `/api/v1/workspaces/${slug}/api-keys`, { cookie: as, body });

describe("POST /api-keys", () => {
  it("returns a pending key whose secret is gp_live_ plus 43 base64url characters", async () => {
    const response = await create({ name: "ci" });
    expect(response.status).toBe(201);
    const { keyId, secret, prefix, last4, deliveryId, deliveryExpiresAt } = response.body;
    expect(secret).toMatch(/^gp_live_[A-Za-z0-9_-]{43}$/);
    expect(keyId).toMatch(/^key_[0-9A-Z]{26}$/);
    expect(secret.startsWith(prefix)).toBe(true);
    expect(prefix).toHaveLength(12);
    expect(last4).toBe(secret.slice(-4));
    expect(deliveryId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(deliveryExpiresAt).getTime() - t.clock.now().getTime()).toBe(10 * 60_000);

    const stored = await t.server.ctx.prisma.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    expect(stored).toMatchObject({
      state: "pending",
      scopes: ["workspace:read"],
      source: "session",
    });
    expect(stored.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(8));
  });

  it("does not authenticate while pending, and does after acknowledge", async () => {
    const { body } = await create({ name: "pending", scopes: ["workspace:read"] });
    const before = await t.request<any>("GET", `/api/v1/workspaces/${slug}`, {
      bearer: body.secret,
    });
    expect(before.status).toBe(401);
    expect(before.body.error.code).toBe("key_pending");
    expect(before.body.error.message).toContain("acknowledge");
    // A secret nobody issued (same shape) learns nothing: still invalid_key.
    const forged = `gp_live_${"A".repeat(43)}`;
    const unknown = await t.request<any>("GET", `/api/v1/workspaces/${slug}`, { bearer: forged });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe("invalid_key");
    const ack = await t.request<any>("POST", `/api/v1/workspaces/${slug}/api-keys/${body.keyId}`, {
      cookie,
      body: { action: "acknowledge", deliveryId: body.deliveryId },
    });
    expect(ack.status).toBe(200);
    expect(ack.body).toEqual({ keyId: body.keyId, action: "acknowledge", state: "active" });
    const after = await t.request<any>("GET", `/api/v1/workspaces/${slug}`, {
      bearer: body.secret,
    });
    expect(after.status).toBe(200);
    expect(after.body.role).toBeNull();
    const me = await t.request<any>("GET", "/api/v1/me", { bearer: body.secret });
    expect(me.body).toMatchObject({
      principal: "api_key",
      user: null,
      apiKey: { keyId: body.keyId, workspace: slug, scopes: ["workspace:read"], last4: body.last4 },
    });
  });

  it("lists keys with metadata only", async () => {
    const response = await t.request<any>("GET", `/api/v1/workspaces/${slug}/api-keys`, { cookie });
    expect(response.status).toBe(200);
    expect(response.body.data.length).toBeGreaterThanOrEqual(2);
    expect(response.text).not.toMatch(/gp_live_[A-Za-z0-9_-]{43}/);
    expect(response.body.data[0]).toMatchObject({
      state: expect.any(String),
      prefix: expect.any(String),
    });
  });

  it.each([
    ["an unknown scope", { name: "x", scopes: ["admin:all"] }, "body.scopes[0]", "enum"],
    ["an empty scope list", { name: "x", scopes: [] }, "body.scopes", "minItems"],
    [
      "a repeated scope",
      { name: "x", scopes: ["runs:read", "runs:read"] },
      "body.scopes",
      "uniqueItems",
    ],
    [
      "a bare IPv4 address",
      { name: "x", allowedCidrs: ["203.0.113.7"] },
      "body.allowedCidrs[0]",
      "cidr",
    ],
    [
      "host bits set",
      { name: "x", allowedCidrs: ["203.0.113.7/24"] },
      "body.allowedCidrs[0]",
      "cidr",
    ],
    [
      "an IPv4 prefix above 32",
      { name: "x", allowedCidrs: ["10.0.0.0/33"] },
      "body.allowedCidrs[0]",
      "cidr",
    ],
    [
      "an IPv6 prefix above 128",
      { name: "x", allowedCidrs: ["2001:db8::/129"] },
      "body.allowedCidrs[0]",
      "cidr",
    ],
    [
      "IPv6 host bits set",
      { name: "x", allowedCidrs: ["2001:db8::1/32"] },
      "body.allowedCidrs[0]",
      "cidr",
    ],
    [
      "a leading-zero prefix",
      { name: "x", allowedCidrs: ["10.0.0.0/08"] },
      "body.allowedCidrs[0]",
      "cidr",
    ],
    ["a short-form IPv4", { name: "x", allowedCidrs: ["10.1/16"] }, "body.allowedCidrs[0]", "cidr"],
    ["a hostname", { name: "x", allowedCidrs: ["example.com/24"] }, "body.allowedCidrs[0]", "cidr"],
    ["a missing name", { scopes: ["runs:read"] }, "body.name", "required"],
    ["an extra field", { name: "x", owner: "me" }, "body.owner", "additionalProperties"],
  ])("rejects %s with 400", async (_what, body, field, rule) => {
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.body.error.details.fields).toContainEqual(
      expect.objectContaining({ field, rule }),
    );
  });

  it("stores CIDR ranges in canonical form", async () => {
    const response = await create({
      name: "cidr",
      allowedCidrs: ["2001:DB8::/32", "10.0.0.0/8", "10.0.0.0/8"],
    });
    expect(response.status).toBe(201);
    const stored = await t.server.ctx.prisma.apiKey.findUniqueOrThrow({
      where: { id: response.body.keyId },
    });
    expect(stored.allowedCidrs).toEqual(["2001:db8::/32", "10.0.0.0/8"]);
  });
});

describe("idempotent creation", () => {
  it("returns the same key and secret for a retry with the same body", async () => {
    const body = { name: "retry", scopes: ["runs:read"], idempotencyKey: "create-1" };
    const first = await create(body);
    const second = await create(body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await t.server.ctx.prisma.apiKey.count({ where: { name: "retry" } })).toBe(1);
  });

  it("rejects the same idempotency key with another body", async () => {
    await create({ name: "one", idempotencyKey: "create-2" });
    const other = await create({ name: "two", idempotencyKey: "create-2" });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("idempotency_key_reused");
  });

  it("scopes idempotency keys per principal", async () => {
    const colleague = await t.signIn("colleague@example.com");
    await t.server.ctx.prisma.member.create({
      data: {
        id: `mem_${Date.now()}`,
        workspaceId: (await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } }))
          .id,
        userId: (
          await t.server.ctx.prisma.user.findUniqueOrThrow({
            where: { email: "colleague@example.com" },
          })
        ).id,
        role: "admin",
        invitedAt: t.clock.now(),
        joinedAt: t.clock.now(),
      },
    });
    const body = { name: "shared", idempotencyKey: "create-3" };
    const mine = await create(body);
    const theirs = await create(body, colleague);
    expect(theirs.status).toBe(201);
    expect(theirs.body.keyId).not.toBe(mine.body.keyId);
  });

  it("lets concurrent retries create one key", async () => {
    const body = { name: "burst", idempotencyKey: "create-4" };
    const responses = await Promise.all(Array.from({ length: 8 }, () => create(body)));
    const ids = new Set(responses.map((r) => r.body.keyId));
    expect(responses.every((r) => r.status === 201)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await t.server.ctx.prisma.apiKey.count({ where: { name: "burst" } })).toBe(1);
  });

  it("cannot replay after the delivery window closed", async () => {
    const body = { name: "late", idempotencyKey: "create-5" };
    await create(body);
    t.clock.advance(10 * 60_000);
    const replay = await create(body);
    expect(replay.status).toBe(410);
    expect(replay.body.error.code).toBe("delivery_expired");
  });
});
