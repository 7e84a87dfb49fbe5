import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { leaseCredits } from "../../src/services/credits/lease-credits.js";
import { releaseCredits } from "../../src/services/credits/release-credits.js";
import { reserveCredits } from "../../src/services/credits/reserve-credits.js";
import { settleCredits } from "../../src/services/credits/settle-credits.js";
import { sweepCredits } from "../../src/services/credits/sweep-credits.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { checkInvariants, credit, emptyWorkspace } from "./ledger-harness.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const amount = fc.integer({ min: 1, max: 400 }).map((n) => BigInt(n) * 1_000n);
const step = fc.oneof(
  fc.record({
    op: fc.constant("credit" as const),
    amount,
    expiresInHours: fc.option(fc.integer({ min: 1, max: 48 })),
  }),
  fc.record({
    op: fc.constant("reserve" as const),
    amount,
    ttlHours: fc.integer({ min: 1, max: 24 }),
  }),
  fc.record({ op: fc.constant("lease" as const), which: fc.nat(), amount }),
  fc.record({ op: fc.constant("settle" as const), which: fc.nat(), amount }),
  fc.record({ op: fc.constant("release" as const), which: fc.nat() }),
  fc.record({ op: fc.constant("advance" as const), hours: fc.integer({ min: 1, max: 30 }) }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;
/** A round is one step, or several run concurrently (random interleavings). */
const round = fc.array(step, { minLength: 1, maxLength: 3 });

const expected = new Set(["insufficient_credits", "reservation_closed"]);
let workspaceCount = 0;

describe("ledger invariants under random interleavings", () => {
  it("hold after every round of reserve, lease, settle, release, credit and expiry", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 1, maxLength: 12 }), async (rounds) => {
        const ctx = t.server.ctx;
        const ws = await emptyWorkspace(t, `prop-${workspaceCount++}`);
        const reservations: string[] = [];
        const run = async (s: Step): Promise<void> => {
          const pick = (which: number) => reservations[which % Math.max(1, reservations.length)];
          switch (s.op) {
            case "credit":
              return credit(
                ctx,
                ws,
                s.amount,
                s.expiresInHours === null
                  ? undefined
                  : new Date(ctx.clock.now().getTime() + s.expiresInHours * 3600_000),
              );
            case "reserve": {
              const r = await reserveCredits({
                ctx,
                workspaceId: ws,
                operation: "run",
                estimateMicrousd: s.amount,
                ttlMs: s.ttlHours * 3600_000,
              });
              reservations.push(r.id);
              return;
            }
            case "lease": {
              const id = pick(s.which);
              if (id) await leaseCredits({ ctx, reservationId: id, amountMicrousd: s.amount });
              return;
            }
            case "settle": {
              const id = pick(s.which);
              if (id) await settleCredits({ ctx, reservationId: id, actualMicrousd: s.amount });
              return;
            }
            case "release": {
              const id = pick(s.which);
              if (id) await releaseCredits({ ctx, reservationId: id, reason: "failed" });
              return;
            }
            case "advance":
              t.clock.advance(s.hours * 3600_000);
              await sweepCredits(ctx);
              return;
          }
        };
        for (const steps of rounds) {
          const outcomes = await Promise.allSettled(steps.map(run));
          for (const outcome of outcomes) {
            if (outcome.status === "rejected" && !expected.has(outcome.reason?.code))
              throw outcome.reason;
          }
          await checkInvariants(ctx, ws);
        }
      }),
      { numRuns: 30, seed: 20261122 },
    );
  }, 120_000);
});
