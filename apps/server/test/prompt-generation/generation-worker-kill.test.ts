import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeAnswerEngine } from "../fakes/fake-answer-engine.js";
import { openAiPromptWriterResponse } from "../fakes/fake-prompt-writer.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { WorkerProcesses } from "../harness/worker-processes.js";
import { balanceOf, topUp, waitForFinish } from "./discovery-fixtures.js";

/**
 * A real worker process (`dist/worker.js`) is killed with SIGKILL during a
 * prompt generation. The job's heartbeat (30 s) goes stale, the queue
 * supervisor of another worker process fails it and retries it there, and the
 * generation resumes at its next call: every planned call made once more at
 * most, the reservation settled once. PostgreSQL only (the embedded database
 * lives inside one process: there is no separate worker to kill).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const fake = new FakeAnswerEngine(openAiPromptWriterResponse);
let workers: WorkerProcesses;
let t: TestServer;
let cookie: string;
let slug: string;

beforeAll(async () => {
  if (!onPostgres) return;
  fake.latencyMs = 400;
  await fake.start();
  workers = new WorkerProcesses({ OPENAI_API_KEY: "sk-operator", OPENAI_BASE_URL: fake.url });
  t = await startTestServer({ env: { GEO_WORKERS: "false" } });
  cookie = await t.signIn("generation-killer@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
  await topUp(t, slug, cookie, 5_000_000);
});
afterAll(async () => {
  if (!onPostgres) return;
  workers.close();
  await t.close();
  await fake.close();
});

// The supervisor looks every second, so the stale heartbeat is noticed at once.
const startWorker = () =>
  workers.start(t.server.ctx.db.url as string, { GEO_QUEUE_SUPERVISE_SECONDS: "1" });

describe.skipIf(!onPostgres)("a worker process killed during a prompt generation", () => {
  it("is retried on another worker after its heartbeat goes stale, and resumes", async () => {
    const before = await balanceOf(t, slug, cookie);
    const path = `/api/v1/workspaces/${slug}/prompt-generations`;
    const started = await t.request<any>("POST", path, {
      cookie,
      body: { count: 20, languages: ["en"], promptsPerCall: 4 },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ generator: "openai", callsPlanned: 5 });
    const id: string = started.body.generationId;
    const prisma = t.server.ctx.prisma;
    const generation = () => prisma.promptGeneration.findUniqueOrThrow({ where: { id } });

    const doomed = startWorker();
    await eventually(async () => (await generation()).callsMade >= 2 || undefined, 60_000);
    await workers.kill(doomed);
    const atKill = await generation();
    expect(atKill.status).toBe("running");
    expect(atKill.callsMade).toBeLessThan(5);

    // No clock is moved: the second worker's own supervisor notices the stale heartbeat.
    const rescuer = startWorker();
    const killedAt = Date.now();
    const done = await waitForFinish(t, `${path}/${id}`, cookie, 60_000);
    // 30 s of heartbeat, then the next supervisor pass and poll.
    expect(Date.now() - killedAt).toBeLessThan(45_000);
    expect(done).toMatchObject({ status: "succeeded", callsMade: 5, callsFailed: 0 });
    // The call in flight at the kill may have been asked twice; none was charged twice.
    expect(fake.requests.length).toBeGreaterThanOrEqual(5);
    expect(fake.requests.length).toBeLessThanOrEqual(6);
    const stored = await generation();
    expect(stored.costMicrousd).toBe(5n * 1_401n);
    const after = await balanceOf(t, slug, cookie);
    expect(after).toMatchObject({
      postedMicrousd: before.postedMicrousd - 5 * 1_401,
      heldMicrousd: 0,
    });
    rescuer.kill("SIGTERM");
  }, 120_000);
});
