import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts, waitForRun } from "./run-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  cookie = await t.signIn("runner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "runner" });
  await seedPrompts(t, slug, 12);
});
afterAll(() => t.close());

const start = (body: unknown, ws = slug, as = cookie) =>
  t.request<any>("POST", `/api/v1/workspaces/${ws}/runs`, { cookie: as, body });

describe("a smoke run on the simulated engine", () => {
  it("is queued, executed through the job queue, and settled at its actual cost", async () => {
    const started = await start({ preset: "smoke" });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      preset: "smoke",
      status: "queued",
      engines: ["simulated"],
      skippedEngines: ["openai"],
      simulated: true,
      repetitions: 1,
      promptCount: 5,
      progress: { total: 5, completed: 0, failed: 0, pending: 5 },
      // Five ceilings of 2,000 + 1,024 (256 output tokens at 4) + the prompt's tokens (10 or 11).
      estimateMicrousd: 15_171,
    });
    const run = await waitForRun(t, slug, started.body.runId, cookie);
    expect(run).toMatchObject({
      status: "succeeded",
      progress: { total: 5, completed: 5, failed: 0, pending: 0 },
    });
    expect(run.costMicrousd).toBeGreaterThan(0);
    expect(run.totalCostUsd).toBe(run.costMicrousd / 1_000_000);

    const responses = await t.request<any>(
      "GET",
      `/api/v1/workspaces/${slug}/runs/${run.runId}/responses?limit=100`,
      { cookie },
    );
    expect(responses.body.data).toHaveLength(5);
    for (const answer of responses.body.data) {
      expect(answer).toMatchObject({
        status: "succeeded",
        engine: "simulated",
        simulated: true,
        repetition: 1,
      });
      expect(answer.answer.length).toBeGreaterThan(20);
      expect(answer.prompt).toMatch(/^Which analytics tool/);
    }
    const charged = responses.body.data.reduce((sum: number, a: any) => sum + a.costMicrousd, 0);
    expect(charged).toBe(run.costMicrousd);

    const balance = await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, {
      cookie,
    });
    expect(balance.body).toMatchObject({ postedMicrousd: 1_000_000 - charged, heldMicrousd: 0 });
    const usage = await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/usage`, {
      cookie,
    });
    const operation = usage.body.operations.find((o: any) => o.operationId === run.runId);
    expect(operation).toMatchObject({
      operation: "run",
      status: "settled",
      spentMicrousd: charged,
      heldMicrousd: 0,
    });
  });

  it("returns the same run for a retry with the same idempotency key", async () => {
    const first = await start({ preset: "smoke", idempotencyKey: "run-1" });
    const second = await start({ preset: "smoke", idempotencyKey: "run-1" });
    expect(second.status).toBe(202);
    expect(second.body.runId).toBe(first.body.runId);
    await waitForRun(t, slug, first.body.runId, cookie);
  });

  it("replays a started run for its key even when a new start could not be planned", async () => {
    const other = await t.signIn("replay@example.com");
    const ws = await t.createWorkspace(other, { brand: "replay" });
    await seedPrompts(t, ws, 2);
    const first = await start({ preset: "smoke", idempotencyKey: "run-replay" }, ws, other);
    expect(first.status).toBe(202);
    await waitForRun(t, ws, first.body.runId, other);
    await t.server.ctx.prisma.prompt.updateMany({
      where: { workspace: { slug: ws } },
      data: { active: false },
    });
    const again = await start({ preset: "smoke", idempotencyKey: "run-replay" }, ws, other);
    expect(again.status).toBe(202);
    expect(again.body.runId).toBe(first.body.runId);
    const fresh = await start({ preset: "smoke", idempotencyKey: "run-new" }, ws, other);
    expect(fresh.status).toBe(409);
    expect(fresh.body.error.code).toBe("no_active_prompts");
  });

  it("answers 402 before queueing anything when credit cannot cover the estimate", async () => {
    const poor = await t.createWorkspace(cookie, { brand: "poor" }); // no second free grant
    await seedPrompts(t, poor, 3);
    const response = await start({ preset: "smoke" }, poor);
    expect(response.status).toBe(402);
    expect(response.body.error).toMatchObject({
      code: "insufficient_credits",
      details: { requiredMicrousd: 3 * 3_034, availableMicrousd: 0 },
    });
    const runs = await t.request<any>("GET", `/api/v1/workspaces/${poor}/runs`, { cookie });
    expect(runs.body.data).toEqual([]);
    expect(
      await t.server.ctx.prisma.engineResponse.count({
        where: { run: { workspace: { slug: poor } } },
      }),
    ).toBe(0);
  });

  it("answers 409 no_active_prompts for a workspace without active prompts", async () => {
    const other = await t.signIn("empty@example.com");
    const empty = await t.createWorkspace(other, { brand: "empty" });
    const response = await start({ preset: "lite" }, empty, other);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("no_active_prompts");
  });

  it("lists runs newest first and refuses to cancel a finished run", async () => {
    const list = await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs`, { cookie });
    expect(list.body.data.length).toBeGreaterThanOrEqual(2);
    const finished = list.body.data[0];
    const cancel = await t.request<any>(
      "POST",
      `/api/v1/workspaces/${slug}/runs/${finished.runId}/cancel`,
      { cookie },
    );
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.code).toBe("run_finished");
  });

  it("needs runs:write to start and runs:read to read", async () => {
    const reader = await t.mintKey(cookie, slug, ["runs:read"]);
    const refused = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      bearer: reader.secret,
      body: { preset: "smoke" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.details.requiredScope).toBe("runs:write");
    expect(
      (await t.request("GET", `/api/v1/workspaces/${slug}/runs`, { bearer: reader.secret })).status,
    ).toBe(200);
  });
});
