import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("lifecycle@example.com");
  slug = await t.createWorkspace(cookie, { brand: "lifecycle" });
});
afterAll(() => t.close());

const minutes = (n: number) => n * 60_000;
const create = async (name = "k") =>
  (await t.request<any>("POST", `/api/v1/workspaces/${slug}/api-keys`, { cookie, body: { name } }))
    .body;
const act = (keyId: string, body: Record<string, unknown>) =>
  t.request<any>("POST", `/api/v1/workspaces/${slug}/api-keys/${keyId}`, { cookie, body });
const works = async (secret: string) =>
  (await t.request("GET", `/api/v1/workspaces/${slug}`, { bearer: secret })).status === 200;
const stored = (keyId: string) =>
  t.server.ctx.prisma.apiKey.findUniqueOrThrow({ where: { id: keyId } });

describe("the API key lifecycle of the specification", () => {
  it("pending + resume-delivery within the window: the same secret again", async () => {
    const key = await create();
    t.clock.advance(minutes(9));
    const resumed = await act(key.keyId, { action: "resume-delivery", deliveryId: key.deliveryId });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({
      state: "pending",
      secret: key.secret,
      deliveryId: key.deliveryId,
    });
  });

  it("pending + acknowledge within the window: active, delivery copy cleared", async () => {
    const key = await create();
    expect((await stored(key.keyId)).deliveryCiphertext).not.toBeNull();
    t.clock.advance(minutes(10) - 1);
    const ack = await act(key.keyId, { action: "acknowledge", deliveryId: key.deliveryId });
    expect(ack.status).toBe(200);
    expect(ack.body.state).toBe("active");
    expect((await stored(key.keyId)).deliveryCiphertext).toBeNull();
    expect(await works(key.secret)).toBe(true);
    const resumed = await act(key.keyId, { action: "resume-delivery", deliveryId: key.deliveryId });
    expect(resumed.status).toBe(409);
    expect(resumed.body.error.code).toBe("invalid_key_state");
  });

  it("pending + 10 minutes: expired, the plaintext is gone and the key never works", async () => {
    const key = await create();
    t.clock.advance(minutes(10));
    const resumed = await act(key.keyId, { action: "resume-delivery", deliveryId: key.deliveryId });
    expect(resumed.status).toBe(410);
    expect(resumed.body.error.code).toBe("delivery_expired");
    const ack = await act(key.keyId, { action: "acknowledge", deliveryId: key.deliveryId });
    expect(ack.status).toBe(410);
    expect(await stored(key.keyId)).toMatchObject({ state: "expired", deliveryCiphertext: null });
    expect(await works(key.secret)).toBe(false);
  });

  it("the sweep erases expired delivery copies without any request", async () => {
    const key = await create();
    t.clock.advance(minutes(11));
    const { sweepApiKeys } = await import("../../src/services/api-keys/sweep-api-keys.js");
    await sweepApiKeys(t.server.ctx);
    expect(await stored(key.keyId)).toMatchObject({ state: "expired", deliveryCiphertext: null });
  });

  it("rejects a deliveryId of another key", async () => {
    const a = await create();
    const b = await create();
    const response = await act(a.keyId, { action: "acknowledge", deliveryId: b.deliveryId });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("delivery_mismatch");
    const missing = await act(a.keyId, { action: "acknowledge" });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.fields[0]).toMatchObject({
      field: "body.deliveryId",
      rule: "required",
    });
  });

  it("rotate -> acknowledge -> grace -> revoked after 15 minutes", async () => {
    const old = await t.mintKey(cookie, slug, ["workspace:read"]);
    const rotated = await act(old.keyId, { action: "rotate" });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ keyId: old.keyId, action: "rotate", state: "active" });
    const replacement = rotated.body.replacement;
    expect(replacement.secret).toMatch(/^gp_live_/);
    expect(await works(old.secret)).toBe(true);
    expect(await works(replacement.secret)).toBe(false);

    const ack = await act(replacement.keyId, {
      action: "acknowledge",
      deliveryId: replacement.deliveryId,
    });
    expect(ack.body).toMatchObject({
      state: "active",
      replacedKey: {
        keyId: old.keyId,
        state: "grace",
        graceEndsAt: new Date(t.clock.now().getTime() + minutes(15)).toISOString(),
      },
    });
    expect(await works(old.secret)).toBe(true);
    expect(await works(replacement.secret)).toBe(true);

    t.clock.advance(minutes(15) - 1);
    expect(await works(old.secret)).toBe(true);
    t.clock.advance(1);
    expect(await works(old.secret)).toBe(false);
    const list = await t.request<any>("GET", `/api/v1/workspaces/${slug}/api-keys?limit=100`, {
      cookie,
    });
    expect(list.body.data.find((k: any) => k.keyId === old.keyId).state).toBe("revoked");
    expect(await works(replacement.secret)).toBe(true);
  });

  it("confirm-rotation revokes the old key at once, and only after acknowledge", async () => {
    const old = await t.mintKey(cookie, slug, ["workspace:read"]);
    const replacement = (await act(old.keyId, { action: "rotate" })).body.replacement;
    const early = await act(replacement.keyId, { action: "confirm-rotation" });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("rotation_not_acknowledged");

    await act(replacement.keyId, { action: "acknowledge", deliveryId: replacement.deliveryId });
    const confirmed = await act(replacement.keyId, { action: "confirm-rotation" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      keyId: replacement.keyId,
      state: "active",
      replacedKey: { keyId: old.keyId, state: "revoked" },
    });
    expect(await works(old.secret)).toBe(false);
    expect(await works(replacement.secret)).toBe(true);
  });

  it("rotate is idempotent with an idempotency key and refused while a replacement is pending", async () => {
    const old = await t.mintKey(cookie, slug, ["workspace:read"]);
    const a = await act(old.keyId, { action: "rotate", idempotencyKey: "rot-1" });
    const b = await act(old.keyId, { action: "rotate", idempotencyKey: "rot-1" });
    expect(b.body.replacement).toEqual(a.body.replacement);
    const again = await act(old.keyId, { action: "rotate" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("invalid_key_state");
  });

  it("rotate needs an active key", async () => {
    const pending = await create();
    const response = await act(pending.keyId, { action: "rotate" });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("invalid_key_state");
  });

  it("revoke works from every state and takes effect on the very next request", async () => {
    const active = await t.mintKey(cookie, slug, ["workspace:read"]);
    expect(await works(active.secret)).toBe(true);
    const revoked = await act(active.keyId, { action: "revoke" });
    expect(revoked.body).toEqual({ keyId: active.keyId, action: "revoke", state: "revoked" });
    expect(await works(active.secret)).toBe(false);
    expect((await act(active.keyId, { action: "revoke" })).body.state).toBe("revoked");

    const pending = await create();
    expect((await act(pending.keyId, { action: "revoke" })).body.state).toBe("revoked");
    expect((await stored(pending.keyId)).deliveryCiphertext).toBeNull();

    const old = await t.mintKey(cookie, slug, ["workspace:read"]);
    const replacement = (await act(old.keyId, { action: "rotate" })).body.replacement;
    await act(replacement.keyId, { action: "acknowledge", deliveryId: replacement.deliveryId });
    expect((await stored(old.keyId)).state).toBe("grace");
    expect((await act(old.keyId, { action: "revoke" })).body.state).toBe("revoked");
    expect(await works(old.secret)).toBe(false);
  });

  it("answers 404 for a key of another workspace", async () => {
    const other = await t.signIn("other-owner@example.com");
    const otherSlug = await t.createWorkspace(other, { brand: "other-keys" });
    const foreign = await t.mintKey(other, otherSlug, ["workspace:read"]);
    const response = await act(foreign.keyId, { action: "revoke" });
    expect(response.status).toBe(404);
    expect(await works(foreign.secret)).toBe(false); // bound to its own workspace, not this one
  });
});
