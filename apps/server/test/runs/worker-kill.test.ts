import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reclaimStalledRuns } from "../../src/services/runs/reclaim-stalled-runs.js";
import { FakeAnswerEngine, openAiResponse } from "../fakes/fake-answer-engine.js";
import { hostedSecretsEnv, startTestServer, type TestServer } from "../harness/test-server.js";
import { expectSettledOnce } from "./run-assertions.js";
import { seedPrompts, waitForRun } from "./run-fixtures.js";

/**
 * A real worker process (`dist/worker.js`) is killed with SIGKILL mid-run; a
 * new worker process finishes the run with no duplicate answers and one
 * settlement. PostgreSQL only: the embedded database lives inside one process,
 * so there is no separate worker to kill (reclaim-stalled-run.test.ts covers
 * the same recovery in-process on both databases).
 */
const workerScript = fileURLToPath(new URL("../../dist/worker.js", import.meta.url));
const onPostgres = Boolean(process.env.DATABASE_URL);
const fake = new FakeAnswerEngine((r) => openAiResponse(r.body.input));
const providerEnv = ["OPENAI", "PERPLEXITY", "ANTHROPIC", "GEMINI", "EXA"].flatMap((p) => [
  `${p}_API_KEY`,
  `${p}_BASE_URL`,
]);
const saved: Record<string, string | undefined> = {};
const children: ChildProcess[] = [];
let t: TestServer;
let cookie: string;
let slug: string;

beforeAll(async () => {
  if (!onPostgres) return;
  if (!existsSync(workerScript))
    throw new Error(`build the server first: ${workerScript} is missing`);
  fake.latencyMs = 150;
  await fake.start();
  for (const name of providerEnv) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
  process.env.OPENAI_API_KEY = "sk-operator";
  process.env.OPENAI_BASE_URL = fake.url;
  t = await startTestServer({ env: { GEO_WORKERS: "false" } });
  cookie = await t.signIn("killer@example.com");
  slug = await t.createWorkspace(cookie, { brand: "killed" });
  await seedPrompts(t, slug, 30);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  if (!onPostgres) return;
  await t.close();
  await fake.close();
  for (const name of providerEnv) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", workerScript], {
    env: {
      ...process.env,
      ...hostedSecretsEnv,
      DATABASE_URL: t.server.ctx.db.url,
      GEO_OPERATOR_MODE: "hosted",
      GEO_LOG_LEVEL: "warn",
      GEO_QUEUE_POLL_SECONDS: "0.5",
      GEO_ENGINE_CONCURRENCY: "openai=2",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  return child;
}

async function until(condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the worker");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
    await until(async () => (await recorded()) >= 6);
    doomed.kill("SIGKILL");
    await new Promise((resolve) => doomed.once("exit", resolve));
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
