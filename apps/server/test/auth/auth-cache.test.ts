import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eventually } from "../harness/eventually.js";
import {
  hostedSecretsEnv,
  type MintedKey,
  startTestServer,
  type TestServer,
} from "../harness/test-server.js";
import { join } from "../team/team-fixtures.js";

// The auth cache must never outlive a change: every test warms the cache
// first (and checks the entry is there), changes access, and expects the very
// next request to see the change.
let t: TestServer;
let owner: string;
let slug: string;
beforeAll(async () => {
  // Fixed secrets: a second server on the same database must verify the same keys and cookies.
  // Key use written every 0.2 s, so the periodic flush is seen without waiting 10 s.
  t = await startTestServer({ env: { ...hostedSecretsEnv, GEO_KEY_USE_FLUSH_SECONDS: "0.2" } });
  owner = await t.signIn("cache-owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "cached" });
});
afterAll(() => t.close());

const workspace = (auth: { bearer?: string; cookie?: string }, server = t) =>
  server.request<any>("GET", `/api/v1/workspaces/${slug}`, auth);
const act = (keyId: string, body: Record<string, unknown>) =>
  t.request<any>("POST", `/api/v1/workspaces/${slug}/api-keys/${keyId}`, { cookie: owner, body });

function cachedKey(server: TestServer, key: MintedKey) {
  const { ctx } = server.server;
  return ctx.authCache.apiKey(ctx.secrets.keyHasher.candidates(key.secret)[0] as string);
}

/**
 * A key in the cache, then served from it. A read that overlaps a change still
 * in flight (its notice not yet back) is not stored, hence the retries.
 */
async function warmKey(key: MintedKey, server = t): Promise<void> {
  await eventually(async () => {
    expect((await workspace({ bearer: key.secret }, server)).status).toBe(200);
    return cachedKey(server, key);
  }, 2_000);
  expect((await workspace({ bearer: key.secret }, server)).status).toBe(200);
}

describe("API keys served from the cache", () => {
  it("stop at once when revoked", async () => {
    const key = await t.mintKey(owner, slug, ["workspace:read"]);
    await warmKey(key);
    expect((await act(key.keyId, { action: "revoke" })).status).toBe(200);
    const refused = await workspace({ bearer: key.secret });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_key");
  });

  it("stop at once when a rotation is confirmed, and the replacement works at once", async () => {
    const old = await t.mintKey(owner, slug, ["workspace:read"]);
    await warmKey(old);
    const replacement = (await act(old.keyId, { action: "rotate" })).body.replacement;
    // Pending: refused (and the refusal must not outlive the acknowledgement).
    expect((await workspace({ bearer: replacement.secret })).status).toBe(401);
    await act(replacement.keyId, { action: "acknowledge", deliveryId: replacement.deliveryId });
    expect((await workspace({ bearer: replacement.secret })).status).toBe(200);
    expect((await workspace({ bearer: old.secret })).status).toBe(200);
    expect((await act(replacement.keyId, { action: "confirm-rotation" })).status).toBe(200);
    expect((await workspace({ bearer: old.secret })).status).toBe(401);
    expect((await workspace({ bearer: replacement.secret })).status).toBe(200);
  });

  it("stop when the grace window closes by the clock, with no write in between", async () => {
    const old = await t.mintKey(owner, slug, ["workspace:read"]);
    await warmKey(old);
    const replacement = (await act(old.keyId, { action: "rotate" })).body.replacement;
    await act(replacement.keyId, { action: "acknowledge", deliveryId: replacement.deliveryId });
    await warmKey(old);
    t.clock.advance(15 * 60_000 - 1);
    expect((await workspace({ bearer: old.secret })).status).toBe(200);
    t.clock.advance(1);
    expect((await workspace({ bearer: old.secret })).status).toBe(401);
  });

  it("record lastUsedAt at most once a minute, off the request path", async () => {
    const key = await t.mintKey(owner, slug, ["workspace:read"]);
    const lastUsed = async () => {
      const list = await t.request<any>("GET", `/api/v1/workspaces/${slug}/api-keys?limit=100`, {
        cookie: owner,
      });
      return list.body.data.find((k: any) => k.keyId === key.keyId).lastUsedAt as string | null;
    };
    expect(await lastUsed()).toBeNull();
    const first = t.clock.now().toISOString();
    await warmKey(key);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(60_000);
    await warmKey(key);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(1);
    const second = t.clock.now().toISOString();
    await warmKey(key);
    // Written by the periodic flush too, not only when this process lists keys.
    const stored = await eventually(async () => {
      const row = await t.server.ctx.prisma.apiKey.findUniqueOrThrow({
        where: { id: key.keyId },
      });
      return row.lastUsedAt?.toISOString() === second ? row.lastUsedAt : undefined;
    }, 15_000);
    expect(stored.toISOString()).toBe(second);
  });
});

describe("sessions and memberships served from the cache", () => {
  it("stop at once on sign-out", async () => {
    const cookie = await t.signIn("cache-owner@example.com");
    expect((await workspace({ cookie })).status).toBe(200);
    expect((await workspace({ cookie })).status).toBe(200);
    const out = await t.request("DELETE", "/api/v1/auth/sessions/current", { cookie });
    expect(out.status).toBe(204);
    const refused = await workspace({ cookie });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_session");
  });

  it("follow a role change and a removal at once", async () => {
    const member = await join(t, owner, slug, "cache-member@example.com");
    const userId = (
      await t.server.ctx.prisma.member.findUniqueOrThrow({ where: { id: member.memberId } })
    ).userId;
    // The join's own notice fences the cache until it comes back (auth-changes.ts): a read before
    // then is served but not stored, so read until the membership is cached.
    await vi.waitFor(
      async () => {
        expect((await workspace({ cookie: member.cookie })).body.role).toBe("member");
        expect(t.server.ctx.authCache.membership(userId, slug)).toMatchObject({
          slug,
          role: "member",
        });
      },
      { timeout: 10_000, interval: 20 },
    );
    const promoted = await t.request(
      "PATCH",
      `/api/v1/workspaces/${slug}/members/${member.memberId}`,
      {
        cookie: owner,
        body: { role: "admin" },
      },
    );
    expect(promoted.status).toBe(200);
    expect((await workspace({ cookie: member.cookie })).body.role).toBe("admin");
    const removed = await t.request(
      "DELETE",
      `/api/v1/workspaces/${slug}/members/${member.memberId}`,
      { cookie: owner },
    );
    expect(removed.status).toBe(204);
    const refused = await workspace({ cookie: member.cookie });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("workspace_not_found");
  });
});

// Two API processes on one PostgreSQL database: a change made through one
// reaches the other's cache through LISTEN/NOTIFY.
describe.runIf(process.env.DATABASE_URL)("a second server on the same database", () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({ env: hostedSecretsEnv, shareDatabaseWith: t });
  });
  afterAll(() => other.close());

  const refusedSoon = (check: () => Promise<{ status: number }>, status: number) =>
    eventually(async () => ((await check()).status === status ? true : undefined), 1_000);

  it("rejects a key revoked through the first at once", async () => {
    const key = await t.mintKey(owner, slug, ["workspace:read"]);
    await warmKey(key, other);
    expect((await act(key.keyId, { action: "revoke" })).status).toBe(200);
    await refusedSoon(() => workspace({ bearer: key.secret }, other), 401);
    expect(cachedKey(other, key)?.state).not.toBe("active");
  });

  it("rejects a session signed out through the first, and a removed member", async () => {
    const member = await join(t, owner, slug, "cache-far@example.com");
    expect((await workspace({ cookie: member.cookie }, other)).status).toBe(200);
    expect((await workspace({ cookie: member.cookie }, other)).status).toBe(200);
    const removed = await t.request(
      "DELETE",
      `/api/v1/workspaces/${slug}/members/${member.memberId}`,
      { cookie: owner },
    );
    expect(removed.status).toBe(204);
    await refusedSoon(() => workspace({ cookie: member.cookie }, other), 404);

    const cookie = await t.signIn("cache-owner@example.com");
    expect((await workspace({ cookie }, other)).status).toBe(200);
    expect((await workspace({ cookie }, other)).status).toBe(200);
    await t.request("DELETE", "/api/v1/auth/sessions/current", { cookie });
    await refusedSoon(() => workspace({ cookie }, other), 401);
  });
});
