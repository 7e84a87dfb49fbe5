import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { EngineError } from "../../src/engines/engine.js";
import { ProviderLimiter } from "../../src/engines/limits/provider-limiter.js";
import {
  callWithRetries,
  maxAttempts,
  maxRateLimitedAttempts,
  parseRetryAfter,
  retryDelayMs,
} from "../../src/engines/retry/retry-policy.js";
import { cryptoRandom } from "../../src/random.js";

/** A call that throws the given errors in turn, then answers "ok". */
function failing(...errors: unknown[]) {
  let calls = 0;
  return {
    call: async () => {
      const error = errors[calls++];
      if (error !== undefined) throw error;
      return "ok";
    },
    get calls() {
      return calls;
    },
  };
}

const serverError = () => new EngineError("failed with 500", true);
const rateLimit = (retryAfterSeconds?: number) =>
  new EngineError("429", true, retryAfterSeconds, true);

describe("the retry policy", () => {
  it("jitters from the crypto-based default source, in [0, 1)", () => {
    const draws = Array.from({ length: 1_000 }, cryptoRandom);
    expect(draws.every((d) => d >= 0 && d < 1)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(990);
  });

  it("parses Retry-After seconds and HTTP dates against the injected clock, capped at 120 s", () => {
    const now = new Date("2026-01-15T12:00:00Z");
    expect(parseRetryAfter("5", now)).toBe(5);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("Thu, 15 Jan 2026 12:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Thu, 15 Jan 2026 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("86400", now)).toBe(120);
  });

  it("backs off exponentially, jittered by the injected random, or waits Retry-After", () => {
    expect(retryDelayMs(serverError(), 1, () => 0)).toBe(250);
    expect(retryDelayMs(serverError(), 1, () => 0.999_999)).toBe(500);
    expect(retryDelayMs(serverError(), 3, () => 0.5)).toBe(1_500);
    expect(retryDelayMs(serverError(), 20, () => 0.999_999)).toBe(60_000);
    expect(retryDelayMs(rateLimit(7), 1, () => 0)).toBe(7_000);
    expect(retryDelayMs(rateLimit(600), 1, () => 0)).toBe(120_000);
  });

  it("gives 5xx, timeouts and network failures three tries, sleeping on the clock between them", async () => {
    const clock = new ManualClock();
    const start = clock.now().getTime();
    const calls = failing(serverError(), serverError(), serverError(), serverError());
    const outcome = await callWithRetries({ clock, random: () => 0, call: calls.call });
    expect(outcome).toEqual({ ok: false, error: "failed with 500", attempts: maxAttempts });
    expect(calls.calls).toBe(3);
    // 250 + 500 ms of backoff at the lowest jitter.
    expect(clock.now().getTime() - start).toBe(750);
  });

  it("waits out up to twelve 429s, honouring Retry-After", async () => {
    const clock = new ManualClock();
    const start = clock.now().getTime();
    const storm = Array.from({ length: maxRateLimitedAttempts - 1 }, () => rateLimit(2));
    const recovered = await callWithRetries({
      clock,
      random: () => 0,
      call: failing(...storm).call,
    });
    expect(recovered).toEqual({ ok: true, value: "ok", attempts: maxRateLimitedAttempts });
    expect(clock.now().getTime() - start).toBe((maxRateLimitedAttempts - 1) * 2_000);
    const endless = failing(...Array.from({ length: 20 }, () => rateLimit()));
    const gaveUp = await callWithRetries({ clock, random: () => 0, call: endless.call });
    expect(gaveUp).toMatchObject({ ok: false, attempts: maxRateLimitedAttempts });
  });

  it("stops at once on what a retry cannot fix, and reports every failed try", async () => {
    const seen: unknown[] = [];
    const refused = new EngineError("refused (400)", false);
    const outcome = await callWithRetries({
      clock: new ManualClock(),
      random: () => 0,
      call: failing(serverError(), refused).call,
      onFailure: (error) => seen.push(error),
    });
    expect(outcome).toEqual({ ok: false, error: "refused (400)", attempts: 2 });
    expect(seen).toHaveLength(2);
    const bug = await callWithRetries({
      clock: new ManualClock(),
      random: () => 0,
      call: failing(new TypeError("x is undefined")).call,
    });
    expect(bug).toEqual({ ok: false, error: "x is undefined", attempts: 1 });
  });

  it("cools the whole provider down through its limiter on a 429 instead of sleeping the caller", async () => {
    const clock = new ManualClock();
    const limiter = new ProviderLimiter(clock, { concurrency: 2, requestsPerMinute: null });
    const start = clock.now().getTime();
    const outcome = await callWithRetries({
      clock,
      random: () => 0,
      limiter,
      call: failing(rateLimit(5)).call,
    });
    expect(outcome).toMatchObject({ ok: true, attempts: 2 });
    // The retry waited in the limiter (the cool-down every caller shares).
    expect(clock.now().getTime() - start).toBe(5_000);
  });
});
