import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { join } from "../team/team-fixtures.js";

/**
 * A pending key's deliveryId is a capability: 256 random bits, stored only as a hash,
 * and honoured only for the person who created the key. Anyone else, a colleague who
 * lists the keys and guesses or learns it included, gets what a wrong deliveryId gets:
 * 409 delivery_mismatch.
 */
let t: TestServer;
let owner: string;
let colleague: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("delivery-owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "delivery" });
  colleague = (await join(t, owner, slug, "delivery-colleague@example.com", "admin")).cookie;
});

const create = async (cookie = owner, body: Record<string, unknown> = { name: "k" }) => {
  const response = await t.request<any>("POST", `/api/v1/workspaces/${slug}/api-keys`, {
    cookie,
    body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
};
const act = (cookie: string, keyId: string, body: Record<string, unknown>) =>
  t.request<any>("POST", `/api/v1/workspaces/${slug}/api-keys/${keyId}`, { cookie, body });

/** The ULID a monotonic factory mints next in the same millisecond (Crockford base32 + 1). */
function nextUlid(ulid: string): string {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const chars = ulid.split("");
  for (let i = chars.length - 1; i >= 0; i--) {
    const value = alphabet.indexOf(chars[i] as string);
    if (value < 31) {
      chars[i] = alphabet[value + 1] as string;
      return chars.join("");
    }
    chars[i] = "0";
  }
  return chars.join("");
}

describe("key delivery as a capability", () => {
  it("is 256 random bits, not derivable from the key id", async () => {
    const key = await create();
    expect(key.deliveryId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.deliveryId, "base64url")).toHaveLength(32);
    // What a member who lists keys could compute from the key id: refused like any wrong id.
    const guessed = `dlv_${nextUlid(key.keyId.slice(4))}`;
    expect(guessed).not.toBe(key.deliveryId);
    const guess = await act(colleague, key.keyId, {
      action: "resume-delivery",
      deliveryId: guessed,
    });
    expect(guess.status).toBe(400);
    expect(guess.body.error.details.fields[0]).toMatchObject({ field: "body.deliveryId" });
  });

  it("is stored only as a hash", async () => {
    const key = await create();
    const row = await t.server.ctx.prisma.apiKey.findUniqueOrThrow({ where: { id: key.keyId } });
    expect(JSON.stringify(row)).not.toContain(key.deliveryId);
    const rows = await t.server.ctx.prisma.$queryRawUnsafe<Array<{ row: string }>>(
      `SELECT row_to_json(k)::text AS row FROM api_keys k WHERE id = '${key.keyId}'`,
    );
    expect(rows[0]?.row).not.toContain(key.deliveryId);
    expect(rows[0]?.row).toMatch(/"delivery_id_hash":"[0-9a-f]{64}"/);
  });

  it("is refused to anyone but the key's creator, with the answer of a wrong deliveryId", async () => {
    const key = await create();
    const other = await create();
    const wrong = await act(owner, key.keyId, {
      action: "resume-delivery",
      deliveryId: other.deliveryId,
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.code).toBe("delivery_mismatch");
    for (const action of ["resume-delivery", "acknowledge"]) {
      const stolen = await act(colleague, key.keyId, { action, deliveryId: key.deliveryId });
      expect(stolen.status, action).toBe(409);
      expect(stolen.body.error).toMatchObject({
        code: wrong.body.error.code,
        message: wrong.body.error.message,
      });
      expect(stolen.body.error.details).toEqual(wrong.body.error.details);
      expect(stolen.text).not.toContain(key.secret);
    }
    const stillPending = await t.request<any>("GET", `/api/v1/workspaces/${slug}`, {
      bearer: key.secret,
    });
    expect(stillPending.body.error.code).toBe("key_pending");
    // The creator is unaffected.
    const resumed = await act(owner, key.keyId, {
      action: "resume-delivery",
      deliveryId: key.deliveryId,
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ secret: key.secret, deliveryId: key.deliveryId });
    const acknowledged = await act(owner, key.keyId, {
      action: "acknowledge",
      deliveryId: key.deliveryId,
    });
    expect(acknowledged.body.state).toBe("active");
    // Acknowledging again stays a no-op for the creator only.
    expect(
      (await act(owner, key.keyId, { action: "acknowledge", deliveryId: key.deliveryId })).status,
    ).toBe(200);
    expect(
      (await act(colleague, key.keyId, { action: "acknowledge", deliveryId: key.deliveryId }))
        .status,
    ).toBe(409);
  });

  it("survives an idempotent replay of the creation, for its creator", async () => {
    const first = await create(owner, { name: "replayed", idempotencyKey: "dlv-replay-1" });
    const replay = await create(owner, { name: "replayed", idempotencyKey: "dlv-replay-1" });
    expect(replay).toEqual(first);
    const acknowledged = await act(owner, first.keyId, {
      action: "acknowledge",
      deliveryId: replay.deliveryId,
    });
    expect(acknowledged.status).toBe(200);
  });

  it("belongs to whoever rotated: the replacement is delivered to the rotating person", async () => {
    const old = await t.mintKey(owner, slug, ["workspace:read"]);
    const rotated = await act(colleague, old.keyId, { action: "rotate" });
    expect(rotated.status).toBe(200);
    const replacement = rotated.body.replacement;
    expect(replacement.deliveryId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const byOwner = await act(owner, replacement.keyId, {
      action: "acknowledge",
      deliveryId: replacement.deliveryId,
    });
    expect(byOwner.status).toBe(409);
    const byRotator = await act(colleague, replacement.keyId, {
      action: "acknowledge",
      deliveryId: replacement.deliveryId,
    });
    expect(byRotator.status).toBe(200);
  });
});
