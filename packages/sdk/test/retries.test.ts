import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ApiError,
  ConnectionError,
  createClient,
  createRawClient,
  RateLimitError,
  unwrap,
} from "../src/index.js";
import { envelope, FakeApi } from "./fake-api.js";

let api: FakeApi;
const sleeps: number[] = [];
beforeAll(async () => {
  api = await new FakeApi().start();
});
afterAll(() => api.stop());
beforeEach(() => {
  api.seen.length = 0;
  api.replies.length = 0;
  sleeps.length = 0;
});

const client = (maxRetries = 2) =>
  createClient({
    baseUrl: api.url,
    apiKey: `gp_live_${"A".repeat(43)}`,
    maxRetries,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
  });
const balance = {
  workspace: "acme",
  state: "active",
  postedMicrousd: 1,
  heldMicrousd: 0,
  availableMicrousd: 1,
  nextExpiryAt: null,
};

describe("retries", () => {
  it("retries 5xx with exponential backoff and jitter, then succeeds", async () => {
    api.replies.push(
      { status: 503, body: envelope("service_unavailable") },
      { status: 502 },
      { status: 200, body: balance },
    );
    await expect(client().credits.balance("acme")).resolves.toEqual(balance);
    expect(api.seen).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]); // random 0.5 of 500 ms, then of 1000 ms
    expect(api.seen[0]?.headers.authorization).toBe(`Bearer gp_live_${"A".repeat(43)}`);
    expect(api.seen[0]?.headers["user-agent"]).toMatch(/^geopulse-sdk-node\//);
  });

  it("honours Retry-After on 429", async () => {
    api.replies.push(
      { status: 429, body: envelope("rate_limited"), headers: { "retry-after": "7" } },
      { status: 200, body: balance },
    );
    await client().credits.balance("acme");
    expect(sleeps).toEqual([7000]);
  });

  it("gives up after maxRetries with the typed error of the last answer", async () => {
    api.replies.push(
      { status: 429, body: envelope("rate_limited"), headers: { "retry-after": "1" } },
      { status: 429, body: envelope("rate_limited"), headers: { "retry-after": "1" } },
      { status: 429, body: envelope("rate_limited", "req_last"), headers: { "retry-after": "3" } },
    );
    const error = await client()
      .credits.balance("acme")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      status: 429,
      code: "rate_limited",
      requestId: "req_last",
      retryAfterSeconds: 3,
    });
    expect(api.seen).toHaveLength(3);
  });

  it("retries dropped connections and reports a ConnectionError at the end", async () => {
    api.replies.push("drop", "drop", "drop");
    const error = await client()
      .credits.balance("acme")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(api.seen).toHaveLength(3);
  });

  it("can be switched off", async () => {
    api.replies.push({ status: 500, body: envelope("internal_error") });
    await expect(client(0).credits.balance("acme")).rejects.toBeInstanceOf(ApiError);
    expect(api.seen).toHaveLength(1);
  });
});

describe("idempotency keys", () => {
  it("generates one for a POST that accepts it and reuses it on every retry", async () => {
    api.replies.push({ status: 500 }, { status: 503 }, { status: 200, body: balance });
    await client().credits.topUp("acme", { amountMicrousd: 5_000_000 });
    expect(api.seen).toHaveLength(3);
    const keys = api.seen.map((request) => JSON.parse(request.body).idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(JSON.parse(api.seen[0]?.body ?? "{}").amountMicrousd).toBe(5_000_000);
    expect(api.seen[0]?.headers["x-geopulse-retryable"]).toBeUndefined();
  });

  it("keeps the caller's key", async () => {
    await client().credits.topUp("acme", { amountMicrousd: 1, idempotencyKey: "mine" });
    expect(JSON.parse(api.seen[0]?.body ?? "{}").idempotencyKey).toBe("mine");
  });

  it("does not retry a POST that takes no idempotency key", async () => {
    api.replies.push({ status: 503, body: envelope("service_unavailable") });
    const raw = createRawClient({ baseUrl: api.url, sleep: async () => {} });
    const error = await unwrap(
      raw.POST("/api/v1/auth/sessions", { body: { email: "a@example.com" } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(api.seen).toHaveLength(1);
  });
});
