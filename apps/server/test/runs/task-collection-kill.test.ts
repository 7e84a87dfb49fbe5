import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reclaimStalledRuns } from "../../src/services/runs/reclaim-stalled-runs.js";
import { FakeBrightData } from "../fakes/fake-brightdata.js";
import { FakeDataForSeo } from "../fakes/fake-dataforseo.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { WorkerProcesses } from "../harness/worker-processes.js";
import { expectSettledOnce } from "./run-assertions.js";
import { seedPrompts, useEngines, waitForRun } from "./run-fixtures.js";

/**
 * A worker process collecting Google's AI Overviews through DataForSEO (post a task, then fetch
 * its result) and the ChatGPT app through Bright Data (trigger a collection, then download it) is
 * killed with SIGKILL while its tasks wait at both providers; a new worker fetches the tasks the
 * dead one posted, by the ids stored on their rows, and posts none again: each answer is charged
 * once by its provider and once on the ledger. PostgreSQL only, as for
 * worker-kill.test.ts (the embedded database lives inside one process).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const prompts = 8;
let dataForSeo: FakeDataForSeo;
let brightData: FakeBrightData;
let workers: WorkerProcesses;
let t: TestServer;
let cookie: string;
let slug: string;

beforeAll(async () => {
  if (!onPostgres) return;
  // Tasks stay queued until the test lets them finish.
  dataForSeo = new FakeDataForSeo({ readyAfterGets: 1_000_000 });
  brightData = new FakeBrightData({ readyAfterPolls: 1_000_000 });
  await Promise.all([dataForSeo.start(), brightData.start()]);
  workers = new WorkerProcesses({
    DATAFORSEO_API_KEY: `${dataForSeo.login}:${dataForSeo.password}`,
    DATAFORSEO_BASE_URL: dataForSeo.url,
    BRIGHTDATA_API_KEY: brightData.apiKey,
    BRIGHTDATA_BASE_URL: brightData.url,
  });
  t = await startTestServer({ env: { GEO_WORKERS: "false" } });
  cookie = await t.signIn("collector-killer@example.com");
  slug = await t.createWorkspace(cookie, { brand: "runner", domains: ["runner.example"] });
  await seedPrompts(t, slug, prompts);
  await useEngines(t, slug, cookie, {
    google_ai_overview: "dataforseo-serp",
    chatgpt_app: "brightdata-app",
  });
});
afterAll(async () => {
  if (!onPostgres) return;
  workers.close();
  await t.close();
  await Promise.all([dataForSeo.close(), brightData.close()]);
});

describe.skipIf(!onPostgres)(
  "a worker killed while DataForSEO and Bright Data hold its tasks",
  () => {
    it("a new worker fetches the posted tasks; none is posted or charged twice", async () => {
      const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
        cookie,
        body: { preset: "lite" },
      });
      expect(started.status, started.text).toBe(202);
      expect(started.body.engines).toEqual(["google_ai_overview", "chatgpt_app"]);
      const runId: string = started.body.runId;
      const prisma = t.server.ctx.prisma;
      const stored = () =>
        prisma.engineResponse.count({ where: { runId, collectionId: { not: null } } });

      const doomed = workers.start(t.server.ctx.db.url as string);
      await eventually(async () => ((await stored()) === 2 * prompts ? true : undefined), 60_000);
      await workers.kill(doomed);
      expect(dataForSeo.charged).toHaveLength(prompts);
      expect(brightData.triggered).toBe(prompts);
      expect(await prisma.engineResponse.count({ where: { runId, status: "pending" } })).toBe(
        2 * prompts,
      );

      dataForSeo.readyAfterGets = 0;
      brightData.readyAfterPolls = 0;
      t.clock.set(new Date(Date.now() + t.server.ctx.config.runStallMs + 1000));
      expect(await reclaimStalledRuns({ ctx: t.server.ctx })).toEqual([runId]);
      workers.start(t.server.ctx.db.url as string);
      const run = await waitForRun(t, slug, runId, cookie, 60_000);
      expect(run).toMatchObject({
        status: "succeeded",
        progress: { completed: 2 * prompts, failed: 0 },
      });
      // Every task was posted once, by the dead worker; the new one only fetched.
      expect(dataForSeo.charged).toHaveLength(prompts);
      expect(brightData.triggered).toBe(prompts);
      expect(brightData.billedRecords).toBe(prompts);
      const rows = await prisma.engineResponse.findMany({
        where: { runId },
        select: { id: true, engine: true, collectionId: true },
      });
      const idsOf = (engine: string) =>
        new Set(rows.filter((r) => r.engine === engine).map((r) => r.id));
      expect(new Set(dataForSeo.charged.map((p) => p.tag))).toEqual(idsOf("google_ai_overview"));
      expect(new Set(brightData.snapshots.map((s) => s.inputs[0]?.geopulse_task))).toEqual(
        idsOf("chatgpt_app"),
      );
      await expectSettledOnce(t, slug, cookie, runId, 2 * prompts);
    });
  },
);
