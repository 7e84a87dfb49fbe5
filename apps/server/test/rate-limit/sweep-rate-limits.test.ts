import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeRateLimit, longestWindowMs } from "../../src/services/rate-limit/rate-limit.js";
import { sweepRateLimits } from "../../src/services/rate-limit/sweep-rate-limits.js";
import { takeTokens } from "../../src/services/rate-limit/token-bucket.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

// The limiter's tables hold only what still limits: without the sweep every window and bucket
// ever used stays, one row per address, mailbox and key for ever.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const minute = 60_000;

// What the sweep left of this test's own rows (other tests' windows share the tables, and
// their ends pass as this test's clock moves, so the sweep's totals may include them).
async function ownRows(t: TestServer) {
  const mine = { bucket: { startsWith: "sweep:" } };
  const prisma = t.server.ctx.prisma;
  return {
    windows: await prisma.rateLimitWindow.count({ where: mine }),
    buckets: await prisma.rateLimitBucket.count({ where: mine }),
  };
}

describe("sweepRateLimits", () => {
  it("deletes ended windows and full buckets, and keeps what still limits", async () => {
    const { ctx } = t.server;
    const day = { bucket: "sweep:day", limit: 2, windowMs: longestWindowMs };
    const short = { bucket: "sweep:minute", limit: 2, windowMs: minute };
    const bucket = { bucket: "sweep:bucket", capacity: 3, refillMs: minute };
    await consumeRateLimit(ctx, [day, short]);
    await takeTokens(ctx, [bucket]);

    // Two minutes on: the minute window has ended but the sweep keeps every window for a day;
    // the bucket is full again and goes.
    t.clock.advance(2 * minute);
    expect((await sweepRateLimits({ ctx })).buckets).toBeGreaterThanOrEqual(1);
    expect(await ownRows(t)).toEqual({ windows: 2, buckets: 0 });
    await consumeRateLimit(ctx, [day]);
    await expect(consumeRateLimit(ctx, [day])).rejects.toMatchObject({ code: "rate_limited" });

    t.clock.advance(longestWindowMs);
    expect((await sweepRateLimits({ ctx })).windows).toBeGreaterThanOrEqual(2);
    expect(await ownRows(t)).toEqual({ windows: 0, buckets: 0 });
    // A swept limit starts afresh, as a new window would.
    await consumeRateLimit(ctx, [day]);
  });

  it("refuses a rule whose window is longer than the sweep keeps", async () => {
    const rule = { bucket: "sweep:week", limit: 1, windowMs: 7 * longestWindowMs };
    await expect(consumeRateLimit(t.server.ctx, [rule])).rejects.toThrow(/would be swept/);
  });
});
