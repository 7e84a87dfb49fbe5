import { describe, expect, it } from "vitest";
import { consumeRateLimit } from "../../src/services/rate-limit/rate-limit.js";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";

// The limiter under the tightest interleaving: N takes started in the same tick
// (over HTTP, requests arrive spread out, and on the embedded database's one
// connection the old check-then-count race then rarely shows). Each take is
// one atomic statement, so exactly `limit` of them pass, on both databases.
let t: TestServer;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
});

describe("consumeRateLimit under concurrency", () => {
  it("lets exactly 10 of 25 simultaneous takes through a limit of 10", async () => {
    const rule = { bucket: "concurrency:test", limit: 10, windowMs: 60_000 };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 25 }, () => consumeRateLimit(t.server.ctx, [rule])),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(10);
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(refused).toHaveLength(15);
    for (const outcome of refused) {
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: "rate_limited" });
    }
    const rows = await t.server.ctx.prisma.rateLimitWindow.findMany({
      where: { bucket: rule.bucket },
    });
    expect(rows.map((row) => row.count)).toEqual([10]);
  });
});
