import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const ctx = () => t.server.ctx;
const days = (n: number) => n * 24 * 3600_000;

describe("reserve, lease, settle, release", () => {
  it("holds the estimate, spends leases and settles the actual cost, releasing the rest", async () => {
    const ws = await emptyWorkspace(t, "ledger-basic");
    await credit(ctx(), ws, 1_000_000n);
    const r = await reserveCredits({
      ctx: ctx(),
      workspaceId: ws,
      operation: "run",
      estimateMicrousd: 400_000n,
    });
    expect(await checkInvariants(ctx(), ws)).toEqual({ posted: 1_000_000n, held: 400_000n });
    await leaseCredits({ ctx: ctx(), reservationId: r.id, amountMicrousd: 150_000n });
    expect(await checkInvariants(ctx(), ws)).toEqual({ posted: 850_000n, held: 250_000n });
    const settled = await settleCredits({
      ctx: ctx(),
      reservationId: r.id,
      actualMicrousd: 300_000n,
    });
    expect(settled).toEqual({
      chargedMicrousd: 150_000n,
      releasedMicrousd: 100_000n,
      shortfallMicrousd: 0n,
    });
    expect(await checkInvariants(ctx(), ws)).toEqual({ posted: 700_000n, held: 0n });
  });

  it("answers 402 with the required and available amounts when the estimate cannot be held", async () => {
    const ws = await emptyWorkspace(t, "ledger-402");
    await credit(ctx(), ws, 100_000n);
    await expect(
      reserveCredits({
        ctx: ctx(),
        workspaceId: ws,
        operation: "chat",
        estimateMicrousd: 720_000n,
      }),
    ).rejects.toMatchObject({
      status: 402,
      code: "insufficient_credits",
      details: { requiredMicrousd: 720_000, availableMicrousd: 100_000 },
    });
    expect(await checkInvariants(ctx(), ws)).toEqual({ posted: 100_000n, held: 0n });
  });

  it("extends the hold for a lease beyond the estimate, or refuses it with 402", async () => {
    const ws = await emptyWorkspace(t, "ledger-extend");
    await credit(ctx(), ws, 500_000n);
    const r = await reserveCredits({
      ctx: ctx(),
      workspaceId: ws,
      operation: "run",
      estimateMicrousd: 100_000n,
    });
    await leaseCredits({ ctx: ctx(), reservationId: r.id, amountMicrousd: 300_000n });
    expect(await checkInvariants(ctx(), ws)).toEqual({ posted: 200_000n, held: 0n });
    await expect(
      leaseCredits({ ctx: ctx(), reservationId: r.id, amountMicrousd: 300_000n }),
    ).rejects.toMatchObject({
      code: "insufficient_credits",
    });
    expect(await checkInvariants(ctx(), ws)).toEqual({ posted: 200_000n, held: 0n });
  });

  it("charges a settlement above the balance only as far as it goes and records the shortfall", async () => {
    const ws = await emptyWorkspace(t, "ledger-shortfall");
    await credit(ctx(), ws, 200_000n);
    const r = await reserveCredits({
      ctx: ctx(),
      workspaceId: ws,
      operation: "run",
      estimateMicrousd: 150_000n,
    });
    const settled = await settleCredits({
      ctx: ctx(),
      reservationId: r.id,
      actualMicrousd: 260_000n,
    });
    expect(settled).toEqual({
      chargedMicrousd: 200_000n,
      releasedMicrousd: 0n,
      shortfallMicrousd: 60_000n,
    });
    expect(await checkInvariants(ctx(), ws)).toEqual({ posted: 0n, held: 0n });
  });

  it("settles or releases exactly once", async () => {
    const ws = await emptyWorkspace(t, "ledger-once");
    await credit(ctx(), ws, 500_000n);
    const r = await reserveCredits({
      ctx: ctx(),
      workspaceId: ws,
      operation: "run",
      estimateMicrousd: 200_000n,
    });
    const results = await Promise.allSettled([
      settleCredits({ ctx: ctx(), reservationId: r.id, actualMicrousd: 100_000n }),
      settleCredits({ ctx: ctx(), reservationId: r.id, actualMicrousd: 100_000n }),
      releaseCredits({ ctx: ctx(), reservationId: r.id, reason: "failed" }),
    ]);
    expect(
      results
        .filter((x) => x.status === "rejected")
        .every((x) => (x as PromiseRejectedResult).reason.code === "reservation_closed"),
    ).toBe(true);
    const { posted } = await checkInvariants(ctx(), ws);
    expect([400_000n, 500_000n]).toContain(posted);
    await expect(
      settleCredits({ ctx: ctx(), reservationId: r.id, actualMicrousd: 1n }),
    ).rejects.toMatchObject({ code: "reservation_closed" });
  });

  it("reaps reservations that outlive their operation", async () => {
    const ws = await emptyWorkspace(t, "ledger-reaper");
    await credit(ctx(), ws, 500_000n);
    await reserveCredits({
      ctx: ctx(),
      workspaceId: ws,
      operation: "run",
      estimateMicrousd: 200_000n,
      ttlMs: 60_000,
    });
    t.clock.advance(60_000);
    await sweepCredits(ctx());
    expect(await checkInvariants(ctx(), ws)).toEqual({ posted: 500_000n, held: 0n });
  });
});

describe("lots and expiry", () => {
  it("consumes the soonest-expiring credit first", async () => {
    const ws = await emptyWorkspace(t, "ledger-order");
    const now = t.clock.now().getTime();
    await credit(ctx(), ws, 300_000n); // never expires
    await credit(ctx(), ws, 200_000n, new Date(now + days(20)));
    await credit(ctx(), ws, 100_000n, new Date(now + days(5)));
    const r = await reserveCredits({
      ctx: ctx(),
      workspaceId: ws,
      operation: "run",
      estimateMicrousd: 250_000n,
    });
    await settleCredits({ ctx: ctx(), reservationId: r.id, actualMicrousd: 250_000n });
    const lots = await ctx().prisma.creditLot.findMany({
      where: { workspaceId: ws },
      orderBy: { amountMicrousd: "asc" },
    });
    expect(lots.map((l) => l.remainingMicrousd)).toEqual([0n, 50_000n, 300_000n]);
    await checkInvariants(ctx(), ws);
  });

  it("keeps expiring credit that backs a hold until the hold lets go", async () => {
    const ws = await emptyWorkspace(t, "ledger-held-expiry");
    await credit(ctx(), ws, 100_000n, new Date(t.clock.now().getTime() + days(1)));
    const r = await reserveCredits({
      ctx: ctx(),
      workspaceId: ws,
      operation: "run",
      estimateMicrousd: 80_000n,
      ttlMs: days(2),
    });
    t.clock.advance(days(1));
    await sweepCredits(ctx());
    expect(await checkInvariants(ctx(), ws)).toEqual({ posted: 80_000n, held: 80_000n });
    await settleCredits({ ctx: ctx(), reservationId: r.id, actualMicrousd: 30_000n });
    await sweepCredits(ctx());
    expect(await checkInvariants(ctx(), ws)).toEqual({ posted: 0n, held: 0n });
  });
});
