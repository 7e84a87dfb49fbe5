import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reclaimStalledRuns } from "../../src/services/runs/reclaim-stalled-runs.js";
import { FakeAnswerEngine, openAiResponse } from "../fakes/fake-answer-engine.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { WorkerProcesses } from "../harness/worker-processes.js";
import { expectSettledOnce } from "./run-assertions.js";
import { seedPrompts, waitForRun } from "./run-fixtures.js";

/**
 * A real worker process (`dist/worker.js`) is killed with SIGKILL mid-run; a
 * new worker process finishes the run with no duplicate answers and one
 * settlement. PostgreSQL only: the embedded database lives inside one process,
 * so there is no separate worker to kill (reclaim-stalled-run.test.ts covers
 * the same recovery in-process on both databases).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const fake = new FakeAnswerEngine((r) => openAiResponse(r.body.input, r.body.include));
let workers: WorkerProcesses;
let t: TestServer;
let cookie: string;
let slug: string;

beforeAll(async () => {
  if (!onPostgres) return;
  fake.latencyMs = 150;
  await fake.start();
  workers = new WorkerProcesses({ OPENAI_API_KEY: "sk-operator", OPENAI_BASE_URL: fake.url });
  t = await startTestServer({ env: { GEO_WORKERS: "false" } });
  cookie = await t.signIn("killer@example.com");
  slug = await t.createWorkspace(cookie, { brand: "killed" });
  await seedPrompts(t, slug, 30);
});
afterAll(async () => {
  if (!onPostgres) return;
  workers.close();
  await t.close();
  await fake.close();
});

const startWorker = () =>
  workers.start(t.server.ctx.db.url as string, { GEO_ENGINE_CONCURRENCY: "openai=2" });

describe.skipIf(!onPostgres)("a worker process killed mid-run", () => {
  it("loses nothing: a new worker finishes the run, no duplicates, one settlement", async () => {
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "lite" },
    });
    expect(started.status).toBe(202);
    expect(started.body.engines).toEqual(["openai"]);
    const runId: string = started.body.runId;
    const prisma = t.server.ctx.prisma;
    const recorded = () => prisma.engineResponse.count({ where: { runId, status: "succeeded" } });

    const doomed = startWorker();
    await eventually(async () => (await recorded()) >= 6 || undefined, 60_000);
    await workers.kill(doomed);
    const atKill = await recorded();
    expect(atKill).toBeLessThan(30);
    const stalled = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(stalled.status).toBe("running");

    // The dead worker's heartbeat (real time) goes stale on the server's clock.
    t.clock.set(new Date(Date.now() + t.server.ctx.config.runStallMs + 1000));
    expect(await reclaimStalledRuns({ ctx: t.server.ctx })).toEqual([runId]);

    startWorker();
    const run = await waitForRun(t, slug, runId, cookie, 60_000);
    expect(run).toMatchObject({ status: "succeeded", progress: { completed: 30, failed: 0 } });
    // Answers in flight at the kill were asked again, never recorded twice.
    expect(fake.requests.length).toBeGreaterThanOrEqual(30);
    await expectSettledOnce(t, slug, cookie, runId, 30);
  });
});
