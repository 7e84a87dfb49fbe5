import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnswerEngine } from "../../src/engines/engine.js";
import { createSimulatedEngine } from "../../src/engines/simulated/simulated-engine.js";
import { executeRun } from "../../src/services/runs/execute-run.js";
import { finishRun } from "../../src/services/runs/finish-run.js";
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
 * A run's tasks are written in chunks (the first with the run, the rest by its executor in
 * short statements while it asks) so no statement holds the embedded database for long and
 * asking starts at once; an executor that stopped between chunks leaves the rest to the next
 * from the run's stored plan.
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
    body: { amountMicrousd: 150_000_000, idempotencyKey: "chunks-top-up" },
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

const tasksOf = (runId: string) =>
  t.server.ctx.prisma.engineResponse.findMany({
    where: { runId },
    select: { id: true, promptId: true, engine: true, repetition: true, status: true },
    orderBy: { id: "asc" },
  });

const storedRun = (runId: string) =>
  t.server.ctx.prisma.run.findUniqueOrThrow({ where: { id: runId } });

/** A started run (tasks of its first chunk written) with the plan it keeps for the rest. */
async function startWithPlan(idempotencyKey: string) {
  const started = await startStandardRun(idempotencyKey);
  const run = await storedRun(started.runId);
  const plan = storedTaskPlan(run.taskPlan);
  if (!plan) throw new Error("the run keeps no plan");
  return { ...started, run, plan };
}

/** Writes every task of the plan (from the first) and returns the ids handed out, sorted. */
async function writeAllHandedOut(
  run: Awaited<ReturnType<typeof storedRun>>,
  plan: TaskPlan,
): Promise<string[]> {
  const handed: string[] = [];
  await insertRemainingTasks({
    ctx: t.server.ctx,
    run,
    plan,
    from: 0,
    onWritten: (rows) => handed.push(...rows.map((row) => row.id)),
  });
  return handed.sort();
}

const postedBalance = async () =>
  BigInt(
    (await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, { cookie })).body
      .postedMicrousd,
  );

/** Executes the run on the simulated engine and returns how many questions it asked. */
async function executeCounted(runId: string): Promise<number> {
  const simulated = createSimulatedEngine();
  let asked = 0;
  const counting: AnswerEngine = {
    ...simulated,
    ask: (request) => {
      asked++;
      return simulated.ask(request);
    },
  };
  await executeRun({ ctx: { ...t.server.ctx, simulatedEngine: counting }, runId });
  return asked;
}

/** The run asked and recorded every planned task, each once, and was settled once. */
async function expectAllAskedOnce(
  runId: string,
  total: number,
  postedBefore: bigint,
  asked: number,
) {
  expect(asked).toBe(total);
  const tasks = await tasksOf(runId);
  expect(tasks).toHaveLength(total);
  expect(new Set(tasks.map((r) => `${r.promptId}|${r.engine}|${r.repetition}`)).size).toBe(total);
  expect(new Set(tasks.map((r) => r.status))).toEqual(new Set(["succeeded"]));
  const run = await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs/${runId}`, { cookie });
  expect(run.body).toMatchObject({
    status: "succeeded",
    progress: { total, completed: total, pending: 0 },
  });
  await expectSettledOnce(t, slug, cookie, runId, total, postedBefore);
  // Every task written: the plan is no longer kept.
  expect((await storedRun(runId)).taskPlan).toBeNull();
}

describe("a run's tasks", () => {
  it("are written by the start up to one chunk, the plan of the rest kept for the executor", async () => {
    const { runId, progress } = await startStandardRun("chunks-first");
    expect(progress.total).toBeGreaterThan(2 * TASKS_PER_CHUNK);
    const tasks = await tasksOf(runId);
    expect(tasks).toHaveLength(TASKS_PER_CHUNK);
    expect(new Set(tasks.map((r) => r.status))).toEqual(new Set(["pending"]));
    const plan = storedTaskPlan((await storedRun(runId)).taskPlan);
    expect(plan?.promptIds).toHaveLength(prompts);
    expect(plan?.repetitions).toBe(2);

    // The executor writes the rest while it asks, each task once.
    const postedBefore = await postedBalance();
    await expectAllAskedOnce(runId, progress.total, postedBefore, await executeCounted(runId));
  });

  it("left unwritten by an executor that stopped midway are written and asked by the next", async () => {
    const { runId, progress, run, plan } = await startWithPlan("chunks-resumed");
    // An executor that wrote two more chunks, then died: some rows written, none asked.
    let chunks = 0;
    await insertRemainingTasks({ ctx: t.server.ctx, run, plan, stopped: () => chunks++ >= 2 });
    expect(await tasksOf(runId)).toHaveLength(3 * TASKS_PER_CHUNK);
    expect(storedTaskPlan((await storedRun(runId)).taskPlan)).toEqual(plan);

    const postedBefore = await postedBalance();
    await expectAllAskedOnce(runId, progress.total, postedBefore, await executeCounted(runId));
  });

  it("are asked once each when the executor it replaced still writes them", async () => {
    const { runId, progress, run, plan } = await startWithPlan("chunks-overlap");
    const postedBefore = await postedBalance();
    // The replaced executor's writer goes on beside the new executor's own.
    const [asked] = await Promise.all([
      executeCounted(runId),
      insertRemainingTasks({ ctx: t.server.ctx, run, plan }),
    ]);
    await expectAllAskedOnce(runId, progress.total, postedBefore, asked);
  });

  it("returned by a chunk are those it wrote and those of its keys already pending", async () => {
    const { runId, run, plan } = await startWithPlan("chunks-returned");
    const collect = () => writeAllHandedOut(run, plan);
    const all = (await tasksOf(runId)).map((row) => row.id);
    const first = await collect();
    const pending = (await tasksOf(runId)).map((row) => row.id).sort();
    expect(pending).toHaveLength(plan.promptIds.length * plan.engines.length * 2);
    expect(first).toEqual(pending);
    expect(first).toEqual(expect.arrayContaining(all));
    // Written again by an executor that had not read them: handed out, not lost.
    expect(await collect()).toEqual(pending);
    await t.request("POST", `/api/v1/workspaces/${slug}/runs/${runId}/cancel`, { cookie });
  });

  it("left unwritten make a finished run fail or stay partial, never succeed, and its plan is dropped", async () => {
    const none = await startStandardRun("chunks-unasked");
    await finishRun(t.server.ctx, none.runId);
    expect(await storedRun(none.runId)).toMatchObject({
      status: "failed",
      error: `${none.progress.total} task(s) were never asked.`,
      taskPlan: null,
    });
    // Some answered (the counters a recorded batch bumps), the rest never asked.
    const some = await startStandardRun("chunks-some-unasked");
    await t.server.ctx.prisma.run.update({
      where: { id: some.runId },
      data: { completedTasks: 5 },
    });
    await finishRun(t.server.ctx, some.runId);
    expect(await storedRun(some.runId)).toMatchObject({
      status: "partial",
      error: `${some.progress.total - 5} task(s) were never asked.`,
      taskPlan: null,
    });
  });

  it("are not added to a run finished meanwhile (a queued run cancelled)", async () => {
    const { runId } = await startStandardRun("chunks-cancelled");
    const plan = storedTaskPlan((await storedRun(runId)).taskPlan);
    if (!plan) throw new Error("the run keeps no plan");
    const cancelled = await t.request<any>(
      "POST",
      `/api/v1/workspaces/${slug}/runs/${runId}/cancel`,
      { cookie },
    );
    expect(cancelled.body).toMatchObject({ status: "cancelled" });

    // Finished, the run no longer keeps its plan; a writer that still had it adds nothing.
    const run = await storedRun(runId);
    expect(run.taskPlan).toBeNull();
    expect(await writeAllHandedOut(run, plan)).toEqual([]);
    expect(await tasksOf(runId)).toHaveLength(TASKS_PER_CHUNK);
  });
});
