import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EngineLimiters } from "../../src/engines/limits/provider-limiter.js";
import { createSimulatedEngine } from "../../src/engines/simulated/simulated-engine.js";
import { allJobHandlers } from "../../src/jobs/job-handlers.js";
import { executeRun } from "../../src/services/runs/execute-run.js";
import { reclaimStalledRuns } from "../../src/services/runs/reclaim-stalled-runs.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { expectSettledOnce } from "./run-assertions.js";
import { hangingEngine, seedPrompts, waitForRun } from "./run-fixtures.js";

/**
 * A worker that stops signalling mid-run (hung, or its process died: on the
 * embedded database the process is the database, so a kill is simulated by an
 * executor that never returns; test/runs/worker-kill.test.ts kills a real
 * process on PostgreSQL). After GEO_RUN_STALL_SECONDS the sweep hands the run
 * to the queue again, another worker finishes it, and the hung executor, once
 * it wakes, is fenced off: it records nothing twice and does not finish the run.
 */
let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_WORKERS: "false", GEO_QUEUE_POLL_SECONDS: "0.5" } });
  cookie = await t.signIn("reclaim@example.com");
  slug = await t.createWorkspace(cookie, { brand: "reclaim" });
  await seedPrompts(t, slug, 20);
});
afterAll(() => t.close());

describe("a run whose executor stops signalling", () => {
  it("is reclaimed after the stall timeout and finished once by another worker", async () => {
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "lite" },
    });
    expect(started.status).toBe(202);
    const runId: string = started.body.runId;
    const ctx = t.server.ctx;
    const hung = hangingEngine(5);
    const first = executeRun({ ctx: { ...ctx, simulatedEngine: hung.engine }, runId });
    for (let i = 0; i < 500; i++) {
      if ((await ctx.prisma.engineResponse.count({ where: { runId, status: "succeeded" } })) >= 5)
        break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    // Not stale yet: nothing is reclaimed.
    expect(await reclaimStalledRuns({ ctx })).toEqual([]);
    t.clock.advance(ctx.config.runStallMs + 1000);
    expect(await reclaimStalledRuns({ ctx })).toEqual([runId]);
    // The claim moved the heartbeat: a second sweep does not enqueue it again.
    expect(await reclaimStalledRuns({ ctx })).toEqual([]);

    const otherWorker = {
      ...ctx,
      simulatedEngine: createSimulatedEngine(),
      engineLimiters: new EngineLimiters(ctx.clock, ctx.config.engineLimits),
    };
    await ctx.queue.work(otherWorker, allJobHandlers, { pollingIntervalSeconds: 0.5 });
    const run = await waitForRun(t, slug, runId, cookie);
    expect(run).toMatchObject({ status: "succeeded", progress: { completed: 20, pending: 0 } });
    const finishedAt = run.finishedAt;

    hung.wake();
    await first;
    const after = await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs/${runId}`, {
      cookie,
    });
    expect(after.body.finishedAt).toBe(finishedAt);
    await expectSettledOnce(t, slug, cookie, runId, 20);
  });
});
