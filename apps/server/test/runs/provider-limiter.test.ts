import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { ConfigError, loadConfig } from "../../src/config.js";
import {
  DEFAULT_ENGINE_LIMITS,
  parseEngineLimits,
} from "../../src/engines/limits/engine-limits.js";
import { ProviderLimiter } from "../../src/engines/limits/provider-limiter.js";

/** A task that stays in flight until released, recording the peak concurrency. */
function gate() {
  let inFlight = 0;
  let peak = 0;
  const waiting: Array<() => void> = [];
  return {
    task: () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      return new Promise<void>((resolve) =>
        waiting.push(() => {
          inFlight--;
          resolve();
        }),
      );
    },
    releaseAll: () => {
      for (const release of waiting.splice(0)) release();
    },
    get peak() {
      return peak;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("ProviderLimiter", () => {
  it("never has more requests in flight than its concurrency, across callers", async () => {
    const clock = new ManualClock();
    const limiter = new ProviderLimiter(clock, { concurrency: 3, requestsPerMinute: null });
    const g = gate();
    const all = Array.from({ length: 10 }, () => limiter.run(g.task));
    for (let round = 0; round < 10; round++) {
      await tick();
      expect(g.waiting).toBeLessThanOrEqual(3);
      g.releaseAll();
    }
    await Promise.all(all);
    expect(g.peak).toBe(3);
  });

  it("starts at most requestsPerMinute per minute of the clock, after a burst of a tenth", async () => {
    const clock = new ManualClock("2026-01-01T00:00:00Z");
    const limiter = new ProviderLimiter(clock, { concurrency: 100, requestsPerMinute: 60 });
    const startedAt: number[] = [];
    // One caller after another, so the manual clock moves only by the limiter's own waits.
    for (let i = 0; i < 26; i++) {
      await limiter.run(async () => {
        startedAt.push(clock.now().getTime());
      });
    }
    const t0 = new Date("2026-01-01T00:00:00Z").getTime();
    // A burst of 6 (a tenth of the minute's allowance) at once, then one a second.
    expect(startedAt.slice(0, 6)).toEqual(Array(6).fill(t0));
    expect(startedAt[6]).toBe(t0 + 1000);
    expect(startedAt[25]).toBe(t0 + 20_000);
  });

  it("a cool-down holds every new request until it has passed", async () => {
    const clock = new ManualClock("2026-01-01T00:00:00Z");
    const limiter = new ProviderLimiter(clock, { concurrency: 4, requestsPerMinute: null });
    limiter.coolDown(30_000);
    let started = 0;
    await limiter.run(async () => {
      started = clock.now().getTime();
    });
    expect(started - new Date("2026-01-01T00:00:00Z").getTime()).toBeGreaterThanOrEqual(30_000);
  });
});

describe("engine limits configuration", () => {
  it("overrides the defaults per engine", () => {
    const limits = parseEngineLimits("openai=16, perplexity=2", "openai=1200,exa=none");
    expect(limits.openai).toEqual({ concurrency: 16, requestsPerMinute: 1200 });
    expect(limits.perplexity).toEqual({
      concurrency: 2,
      requestsPerMinute: DEFAULT_ENGINE_LIMITS.perplexity.requestsPerMinute,
    });
    expect(limits.exa.requestsPerMinute).toBeNull();
    expect(limits.gemini).toEqual(DEFAULT_ENGINE_LIMITS.gemini);
  });

  it.each([
    ["GEO_ENGINE_CONCURRENCY", "openai=0", /openai must be an integer from 1 to 256/],
    ["GEO_ENGINE_CONCURRENCY", "bing=4", /unknown engine "bing"/],
    ["GEO_ENGINE_CONCURRENCY", "openai", /not engine=value/],
    ["GEO_ENGINE_RATE_LIMITS", "openai=fast", /requests per minute/],
  ])("%s=%s is a config error naming the entry", (name, value, message) => {
    expect(() => loadConfig({ GEO_OPERATOR_MODE: "local", [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ GEO_OPERATOR_MODE: "local", [name]: value })).toThrow(message);
  });
});
