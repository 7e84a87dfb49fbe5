import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaseCredits } from "../../src/services/credits/lease-credits.js";
import { reserveCredits } from "../../src/services/credits/reserve-credits.js";
import { settleCredits } from "../../src/services/credits/settle-credits.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
let slug: string;
let workspaceId: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("usage@example.com");
  slug = await t.createWorkspace(cookie, { brand: "usage" });
  workspaceId = (await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } })).id;
});
afterAll(() => t.close());

const usage = (query = "") =>
  t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/usage${query}`, { cookie });

describe("GET /credits/usage", () => {
  it("lists ledger entries newest first with the operation they paid for", async () => {
    const ctx = t.server.ctx;
    const reservation = await reserveCredits({
      ctx,
      workspaceId,
      operation: "run",
      operationId: "run_1",
      estimateMicrousd: 300_000n,
    });
    t.clock.advance(1000);
    await leaseCredits({ ctx, reservationId: reservation.id, amountMicrousd: 100_000n });
    t.clock.advance(1000);
    await settleCredits({ ctx, reservationId: reservation.id, actualMicrousd: 250_000n });
    const response = await usage();
    expect(response.status).toBe(200);
    expect(response.body.entries.map((e: any) => [e.kind, e.amountMicrousd])).toEqual([
      ["release", -50_000],
      ["settlement", -150_000],
      ["lease", -100_000],
      ["reservation", 300_000],
      ["grant", 1_000_000],
    ]);
    expect(response.body.entries[1]).toMatchObject({
      postedDeltaMicrousd: -150_000,
      heldDeltaMicrousd: -150_000,
      operation: "run",
      reservationId: reservation.id,
    });
    expect(response.body.operations).toEqual([
      {
        reservationId: reservation.id,
        operation: "run",
        operationId: "run_1",
        status: "settled",
        estimateMicrousd: 300_000,
        spentMicrousd: 250_000,
        heldMicrousd: 0,
        createdAt: expect.any(String),
        closedAt: t.clock.now().toISOString(),
      },
    ]);
    const balance = await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, {
      cookie,
    });
    expect(balance.body).toMatchObject({
      postedMicrousd: 750_000,
      heldMicrousd: 0,
      availableMicrousd: 750_000,
    });
  });

  it("takes limit from 1 to 500, default 100", async () => {
    for (let i = 0; i < 105; i++) {
      await t.request("POST", `/api/v1/workspaces/${slug}/credits/top-up`, {
        cookie,
        body: { amountMicrousd: 1, idempotencyKey: `u-${i}` },
      });
    }
    expect((await usage()).body.entries).toHaveLength(100);
    expect((await usage("?limit=1")).body.entries).toHaveLength(1);
    expect((await usage("?limit=500")).body.entries.length).toBe(110);
    for (const bad of ["0", "501", "-1", "abc", "1.5"]) {
      const response = await usage(`?limit=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.body.error.details.fields[0].field).toBe("query.limit");
    }
  });
});
