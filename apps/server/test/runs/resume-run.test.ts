import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EngineLimiters } from "../../src/engines/limits/provider-limiter.js";
import { createSimulatedEngine } from "../../src/engines/simulated/simulated-engine.js";
import { executeRun } from "../../src/services/runs/execute-run.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { expectSettledOnce } from "./run-assertions.js";
import { hangingEngine, seedPrompts } from "./run-fixtures.js";

/**
 * A worker that dies mid-run, simulated without a process: its engine stops
 * answering after a few answers (its tasks hang, like a killed process's), a
 * second worker executes the run again, then the first one wakes up late.
 * Nothing may be recorded twice, and the reservation is settled once.
 */
let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_WORKERS: "false" } });
  cookie = await t.signIn("resume@example.com");
  slug = await t.createWorkspace(cookie, { brand: "resume" });
  await seedPrompts(t, slug, 20);
});
afterAll(() => t.close());

describe("a run whose worker dies", () => {
  it("is finished by another worker with no duplicate answers and one settlement", async () => {
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "lite" },
    });
    expect(started.status).toBe(202);
    const runId = started.body.runId;
    const ctx = t.server.ctx;

    const zombie = hangingEngine(6);
    const first = executeRun({ ctx: { ...ctx, simulatedEngine: zombie.engine }, runId });
    for (let i = 0; i < 200; i++) {
      const done = await ctx.prisma.engineResponse.count({ where: { runId, status: "succeeded" } });
      if (done >= 6) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const beforeCrash = await ctx.prisma.engineResponse.count({
      where: { runId, status: "succeeded" },
    });
    expect(beforeCrash).toBe(6);

    // Another worker process: its own provider limiters (the zombie holds this process's slots).
    const otherWorker = {
      ...ctx,
      simulatedEngine: createSimulatedEngine(),
      engineLimiters: new EngineLimiters(ctx.clock, ctx.config.engineLimits),
    };
    await executeRun({ ctx: otherWorker, runId });
    zombie.wake();
    await first;

    const run = await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs/${runId}`, { cookie });
    expect(run.body).toMatchObject({
      status: "succeeded",
      progress: { total: 20, completed: 20, failed: 0, pending: 0 },
    });
    await expectSettledOnce(t, slug, cookie, runId, 20);
  });
});
