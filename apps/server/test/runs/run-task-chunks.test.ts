import type { Prisma } from "@geopulse/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeRun } from "../../src/services/runs/execute-run.js";
import {
  insertRemainingTasks,
  storedTaskPlan,
  TASKS_PER_CHUNK,
  type TaskPlan,
} from "../../src/services/runs/insert-run-tasks.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { expectSettledOnce } from "./run-assertions.js";
import { seedPrompts } from "./run-fixtures.js";

/**
 * A run's tasks are written in chunks (the first with the run, the rest in short statements
 * after it) so no statement holds the embedded database for long; a start that stopped
 * between chunks is completed by the executor from the run's stored plan.
 */
let t: TestServer;
let cookie: string;
let slug: string;
// 520 tasks: more than two chunks of rows and more than one page of the executor's task read.
const prompts = 260;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_WORKERS: "false" } });
  cookie = await t.signIn("chunks@example.com");
  slug = await t.createWorkspace(cookie, { brand: "chunks" });
  await seedPrompts(t, slug, prompts);
  const topUp = await t.request("POST", `/api/v1/workspaces/${slug}/credits/top-up`, {
    cookie,
    body: { amountMicrousd: 50_000_000, idempotencyKey: "chunks-top-up" },
  });
  expect(topUp.status).toBe(200);
});
afterAll(() => t.close());

async function startStandardRun(idempotencyKey: string) {
  const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
    cookie,
    body: { preset: "standard", idempotencyKey },
  });
  expect(started.status).toBe(202);
  return started.body as { runId: string; progress: { total: number } };
}

/**
 * A start that stopped after its first chunk: the run keeps its plan (here rebuilt from the
 * rows it wrote, in any order: a task is its prompt, engine and repetition) and only the
 * first chunk of rows.
 */
async function stopAfterFirstChunk(runId: string): Promise<TaskPlan> {
  const prisma = t.server.ctx.prisma;
  const rows = await tasksOf(runId);
  const models = await prisma.engineResponse.findMany({
    where: { runId },
    distinct: ["engine"],
    select: { engine: true, model: true, simulated: true },
  });
  const plan: TaskPlan = {
    promptIds: [...new Set(rows.map((r) => r.promptId))],
    engines: models.map((m) => ({ id: m.engine, model: m.model, simulated: m.simulated })),
    repetitions: 2,
  };
  await prisma.run.update({
    where: { id: runId },
    data: { taskPlan: plan as unknown as Prisma.InputJsonObject },
  });
  const kept = rows.slice(0, TASKS_PER_CHUNK).map((r) => r.id);
  await prisma.engineResponse.deleteMany({ where: { runId, id: { notIn: kept } } });
  return plan;
}

const tasksOf = (runId: string) =>
  t.server.ctx.prisma.engineResponse.findMany({
    where: { runId },
    select: { id: true, promptId: true, engine: true, repetition: true, status: true },
    orderBy: { id: "asc" },
  });

describe("a run's tasks", () => {
  it("are all written, once each, when the start answers, more than one chunk of them", async () => {
    const { runId, progress } = await startStandardRun("chunks-all");
    expect(progress.total).toBeGreaterThan(TASKS_PER_CHUNK);
    const tasks = await tasksOf(runId);
    expect(tasks).toHaveLength(progress.total);
    expect(new Set(tasks.map((r) => `${r.promptId}|${r.engine}|${r.repetition}`)).size).toBe(
      progress.total,
    );
    expect(new Set(tasks.map((r) => r.status))).toEqual(new Set(["pending"]));
    // Every task written: the plan is no longer kept.
    const run = await t.server.ctx.prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.taskPlan).toBeNull();
    // Its hold released for the next test's balance.
    await t.request("POST", `/api/v1/workspaces/${slug}/runs/${runId}/cancel`, { cookie });
  });

  it("missing after a start that stopped after its first chunk are written and asked by the executor", async () => {
    const { runId, progress } = await startStandardRun("chunks-stopped");
    await stopAfterFirstChunk(runId);
    expect(await tasksOf(runId)).toHaveLength(TASKS_PER_CHUNK);

    await executeRun({ ctx: t.server.ctx, runId });
    const tasks = await tasksOf(runId);
    expect(tasks).toHaveLength(progress.total);
    expect(new Set(tasks.map((r) => r.status))).toEqual(new Set(["succeeded"]));
    const run = await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs/${runId}`, {
      cookie,
    });
    expect(run.body).toMatchObject({
      status: "succeeded",
      progress: { total: progress.total, completed: progress.total, pending: 0 },
    });
    await expectSettledOnce(t, slug, cookie, runId, progress.total, 51_000_000n);
    const finished = await t.server.ctx.prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(finished.taskPlan).toBeNull();
  });

  it("are not added to a run finished meanwhile (a queued run cancelled)", async () => {
    const { runId } = await startStandardRun("chunks-cancelled");
    const plan = await stopAfterFirstChunk(runId);
    const cancelled = await t.request<any>(
      "POST",
      `/api/v1/workspaces/${slug}/runs/${runId}/cancel`,
      { cookie },
    );
    expect(cancelled.body).toMatchObject({ status: "cancelled" });

    const run = await t.server.ctx.prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(storedTaskPlan(run.taskPlan)).toEqual(plan);
    await insertRemainingTasks(t.server.ctx, run, plan, 0);
    expect(await tasksOf(runId)).toHaveLength(TASKS_PER_CHUNK);
  });
});
