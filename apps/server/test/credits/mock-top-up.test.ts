import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostedSecretsEnv, startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("topup@example.com");
  slug = await t.createWorkspace(cookie, { brand: "topup" });
});
afterAll(() => t.close());

const topUp = (body: unknown, server = t, as = cookie, ws = slug) =>
  server.request<any>("POST", `/api/v1/workspaces/${ws}/credits/top-up`, { cookie: as, body });

describe("POST /credits/top-up", () => {
  it("credits the amount and returns the balance", async () => {
    const response = await topUp({ amountMicrousd: 5_000_000, idempotencyKey: "t-1" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      postedMicrousd: 6_000_000,
      availableMicrousd: 6_000_000,
    });
  });

  it("never credits twice for one idempotency key, even concurrently", async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => topUp({ amountMicrousd: 1_000_000, idempotencyKey: "t-2" })),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const balance = await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, {
      cookie,
    });
    expect(balance.body.postedMicrousd).toBe(7_000_000);
  });

  it("rejects the same idempotency key with another amount", async () => {
    const response = await topUp({ amountMicrousd: 2_000_000, idempotencyKey: "t-2" });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("idempotency_key_reused");
  });

  it.each([
    ["zero", { amountMicrousd: 0, idempotencyKey: "x" }, "body.amountMicrousd", "minimum"],
    ["negative", { amountMicrousd: -5, idempotencyKey: "x" }, "body.amountMicrousd", "minimum"],
    ["fractional", { amountMicrousd: 1.5, idempotencyKey: "x" }, "body.amountMicrousd", "type"],
    [
      "above the maximum",
      { amountMicrousd: 1_000_000_001, idempotencyKey: "x" },
      "body.amountMicrousd",
      "maximum",
    ],
    ["without idempotency key", { amountMicrousd: 5 }, "body.idempotencyKey", "required"],
    [
      "an empty idempotency key",
      { amountMicrousd: 5, idempotencyKey: "" },
      "body.idempotencyKey",
      "minLength",
    ],
  ])("rejects %s with 400", async (_name, body, field, rule) => {
    const response = await topUp(body);
    expect(response.status).toBe(400);
    expect(response.body.error.details.fields).toContainEqual(
      expect.objectContaining({ field, rule }),
    );
  });

  it("accepts the maximum exactly", async () => {
    expect((await topUp({ amountMicrousd: 1_000_000_000, idempotencyKey: "max" })).status).toBe(
      200,
    );
  });

  it("is session only", async () => {
    const key = await t.mintKey(cookie, slug, ["credits:read"]);
    const response = await t.request<any>("POST", `/api/v1/workspaces/${slug}/credits/top-up`, {
      bearer: key.secret,
      body: { amountMicrousd: 1, idempotencyKey: "k" },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("session_required");
  });
});

describe("mock top-up with a payment processor configured", () => {
  it("is 409 mock_topup_disabled outside local mode", async () => {
    const hosted = await startTestServer({
      env: { ...hostedSecretsEnv, GEO_OPERATOR_MODE: "hosted", STRIPE_SECRET_KEY: "sk_test_x" },
    });
    const session = await signInDirectly(hosted, "hosted@example.com");
    const ws = await hosted.createWorkspace(session, { brand: "hosted" });
    const response = await topUp({ amountMicrousd: 1, idempotencyKey: "h" }, hosted, session, ws);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("mock_topup_disabled");
    await hosted.close();
  });

  it("stays available in local mode", async () => {
    const local = await startTestServer({ env: { STRIPE_SECRET_KEY: "sk_test_x" } });
    const session = await local.signIn("local@example.com");
    const ws = await local.createWorkspace(session, { brand: "local" });
    expect(
      (await topUp({ amountMicrousd: 1, idempotencyKey: "l" }, local, session, ws)).status,
    ).toBe(200);
    await local.close();
  });
});

/** A session for a hosted-mode server without email: minted as the sign-in service would. */
async function signInDirectly(server: TestServer, email: string): Promise<string> {
  const { startSession } = await import("../../src/services/auth/start-session.js");
  const ctx = server.server.ctx;
  const session = await ctx.prisma.$transaction((tx) =>
    startSession({ ctx, tx, email, requestId: "test", userAgent: undefined }),
  );
  return `geo.session=${session.cookieValue}`;
}
