import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reserveCredits } from "../../src/services/credits/reserve-credits.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { checkInvariants, credit, emptyWorkspace } from "./ledger-harness.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe("no overspend under concurrency", () => {
  it("lets exactly 10 of 100 concurrent reservations of a tenth of the balance succeed", async () => {
    const ctx = t.server.ctx;
    const ws = await emptyWorkspace(t, "concurrent");
    await credit(ctx, ws, 1_000_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        reserveCredits({
          ctx,
          workspaceId: ws,
          operation: "run",
          operationId: `run_${i}`,
          estimateMicrousd: 100_000n,
        }),
      ),
    );
    const succeeded = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(90);
    for (const r of refused) expect(r.reason.code).toBe("insufficient_credits");
    expect(await checkInvariants(ctx, ws)).toEqual({ posted: 1_000_000n, held: 1_000_000n });
  });

  it("is backed by CHECK constraints even if the application were wrong", async () => {
    const ctx = t.server.ctx;
    const ws = await emptyWorkspace(t, "constraint");
    await credit(ctx, ws, 100n);
    await expect(
      ctx.prisma
        .$executeRaw`UPDATE credit_accounts SET held_microusd = 200 WHERE workspace_id = ${ws}`,
    ).rejects.toThrow(/credit_accounts_no_overspend|check constraint/i);
    await expect(
      ctx.prisma
        .$executeRaw`UPDATE credit_accounts SET held_microusd = -1 WHERE workspace_id = ${ws}`,
    ).rejects.toThrow(/check constraint|violates/i);
  });
});
