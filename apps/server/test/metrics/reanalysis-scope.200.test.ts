import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYSIS_VERSION } from "../../src/analysis/types.js";
import { reanalyzeWorkspace } from "../../src/services/analysis/reanalyze-workspace.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts } from "../runs/run-fixtures.js";
import { reanalysisSettled, runAndWait, staleDaysOf } from "./metrics-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let workspaceId: string;
let globexId: string;
const days = ["2026-05-04", "2026-05-05"];

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set(`${days[0]}T09:00:00.000Z`);
  cookie = await t.signIn("scope@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
  await seedPrompts(t, slug, 30);
  await runAndWait(t, slug, cookie);
  t.clock.set(`${days[1]}T09:00:00.000Z`);
  await runAndWait(t, slug, cookie);
  const prisma = t.server.ctx.prisma;
  workspaceId = (await prisma.workspace.findUniqueOrThrow({ where: { slug } })).id;
  globexId = (await call("GET", "/competitors")).body.data.find(
    (c: any) => c.name === "Globex",
  ).competitorId;
}, 120_000);
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown) =>
  t.request<any>(method, `/api/v1/workspaces/${slug}${path}`, { cookie, body });

/** Re-analysis jobs ever queued for the workspace (pg-boss keeps finished ones). */
const jobsQueued = async () => {
  const [row] = await t.server.ctx.prisma.$queryRawUnsafe<Array<{ n: number }>>(
    `SELECT count(*)::int AS n FROM pgboss.job
     WHERE name = 'workspace-reanalyze-v3' AND data->>'workspaceId' = $1`,
    workspaceId,
  );
  return row?.n ?? 0;
};

const staleDays = () => staleDaysOf(t, workspaceId);
/** No day left to redo and no job waiting or running. */
const settled = (timeoutMs?: number) => reanalysisSettled(t, workspaceId, timeoutMs);

/** Every rollup row and stored mention of the workspace, comparable. */
async function snapshot() {
  const prisma = t.server.ctx.prisma;
  // Sorted by their whole content: the comparison is of sets of rows.
  const sorted = (rows: unknown[]) =>
    rows.map((r) => JSON.stringify(r, (_, v) => (typeof v === "bigint" ? String(v) : v))).sort();
  const rows = async (table: string) =>
    sorted(
      await prisma.$queryRawUnsafe<unknown[]>(
        `SELECT * FROM ${table} WHERE workspace_id = $1`,
        workspaceId,
      ),
    );
  return {
    days: await prisma.$queryRawUnsafe<unknown[]>(
      `SELECT day, analysis_version, responses, subject_fingerprint FROM metric_days
       WHERE workspace_id = $1 ORDER BY day`,
      workspaceId,
    ),
    cells: await rows("metric_cells"),
    entities: await rows("metric_entity_counts"),
    groups: await rows("metric_groups"),
    groupEntities: await rows("metric_group_entity_counts"),
    domains: await rows("metric_group_domain_counts"),
    dayEngines: await rows("metric_day_engines"),
    dayEngineEntities: await rows("metric_day_engine_entity_counts"),
    mentions: sorted(
      await prisma.$queryRawUnsafe<unknown[]>(
        `SELECT response_id, entity_id, count, first_offset, rank, sentiment
         FROM response_mentions WHERE workspace_id = $1`,
        workspaceId,
      ),
    ),
  };
}

describe("what a change of the workspace queues", () => {
  it("settings and profile fields the analyzer does not read, and no-op edits, queue nothing", async () => {
    await settled();
    const before = await jobsQueued();
    const settings = (await call("GET", "/settings")).body;
    const unrelated = await call("PATCH", "/settings", {
      activeSetSize: settings.activeSetSize + 1,
      languages: settings.languages,
      gscProperty: `sc-domain:www.${settings.domains[0]}`,
      complianceProfile: "eu_medical",
    });
    expect(unrelated.status, unrelated.text).toBe(200);
    expect(
      (
        await call("PATCH", "/settings", {
          activeSetSize: settings.activeSetSize + 1,
          languages: settings.languages,
          gscProperty: `sc-domain:www.${settings.domains[0]}`,
          complianceProfile: "eu_medical",
        })
      ).status,
    ).toBe(200);
    // The same display name and domains again: fields the analyzer reads, unchanged.
    expect(
      (
        await call("PATCH", "/settings", {
          displayName: settings.displayName,
          domains: settings.domains,
        })
      ).status,
    ).toBe(200);
    const globex = (await call("GET", `/competitors/${globexId}`)).body;
    expect(
      (await call("PATCH", `/competitors/${globexId}`, { aliases: globex.aliases })).status,
    ).toBe(200);
    expect(
      (
        await call("PUT", "/profile", {
          description: "An analytics company.",
          category: null,
          positioning: "Fast",
          markets: ["us"],
        })
      ).status,
    ).toBe(200);
    expect(await jobsQueued()).toBe(before);
    expect(await staleDays()).toEqual([]);
  });

  it("a burst of edits runs at most one job after the active one, with the last edit's aliases", async () => {
    await settled();
    const before = await jobsQueued();
    const aliases = [["pricing"], ["budget"], ["pricing", "budget"], ["teams"], ["Globex Corp"]];
    for (const list of aliases) {
      expect((await call("PATCH", `/competitors/${globexId}`, { aliases: list })).status).toBe(200);
    }
    // One job may already be running the first edit; the rest wait as one job.
    expect((await jobsQueued()) - before).toBeLessThanOrEqual(2);
    await settled();
    expect((await jobsQueued()) - before).toBeLessThanOrEqual(2);

    // What the job left equals re-analysing every day from nothing with the last aliases.
    const afterJob = await snapshot();
    const prisma = t.server.ctx.prisma;
    for (const table of [
      "metric_cells",
      "metric_entity_counts",
      "metric_groups",
      "metric_group_entity_counts",
      "metric_group_domain_counts",
      "metric_day_engines",
      "metric_day_engine_entity_counts",
      "response_mentions",
    ]) {
      await prisma.$executeRawUnsafe(`DELETE FROM ${table} WHERE workspace_id = $1`, workspaceId);
    }
    await prisma.$executeRawUnsafe(
      `UPDATE metric_days SET responses = 0, subject_fingerprint = NULL WHERE workspace_id = $1`,
      workspaceId,
    );
    // Small pages: several read/analyse/write steps per day, a partial one at the end.
    const totals = await reanalyzeWorkspace({ ctx: t.server.ctx, workspaceId, pageSize: 7 });
    expect(totals.days).toBe(2);
    const fresh = await snapshot();
    expect(fresh).toEqual(afterJob);
    expect(afterJob.mentions.length).toBeGreaterThan(0);
  }, 60_000);
});

describe("while a re-analysis runs", () => {
  it("health requests keep being answered", async () => {
    await settled();
    // More days of answers: copies of the first day's answers on 8 more days.
    const prisma = t.server.ctx.prisma;
    const source = await prisma.run.findFirstOrThrow({
      where: { workspaceId },
      orderBy: { createdAt: "asc" },
      include: { responses: { include: { citations: true } } },
    });
    for (let d = 1; d <= 8; d++) {
      const day = `2026-04-${String(d + 10).padStart(2, "0")}`;
      const runId = `${source.id}_copy${d}`;
      const { responses, taskPlan: _plan, ...run } = source;
      await prisma.run.create({
        data: { ...run, id: runId, idempotencyKey: null, createdAt: new Date(`${day}T08:00:00Z`) },
      });
      await prisma.engineResponse.createMany({
        data: responses.map(({ citations: _, ...r }) => ({
          ...r,
          id: `${r.id}_copy${d}`,
          runId,
          analysisVersion: null,
        })),
      });
      await prisma.citation.createMany({
        data: responses.flatMap((r) =>
          r.citations.map((c) => ({
            ...c,
            id: `${c.id}_copy${d}`,
            responseId: `${r.id}_copy${d}`,
          })),
        ),
      });
      await prisma.metricDay.create({
        data: {
          workspaceId,
          analysisVersion: ANALYSIS_VERSION,
          day: new Date(`${day}T00:00:00Z`),
          responses: 0,
          revision: 1,
          updatedAt: t.clock.now(),
        },
      });
    }
    const answers = await prisma.engineResponse.count({ where: { workspaceId } });
    expect(answers).toBeGreaterThan(500);

    const latencies: number[] = [];
    let failures = 0;
    let running = true;
    const prober = (async () => {
      while (running) {
        const started = performance.now();
        const health = await t.request<any>("GET", "/api/v1/health").catch(() => undefined);
        latencies.push(performance.now() - started);
        if (health?.status !== 200) failures += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    // The new days have no known subject: an edit queues their re-analysis (and every other day's).
    expect(
      (await call("PATCH", `/competitors/${globexId}`, { aliases: ["Globex Corp", "pricing"] }))
        .status,
    ).toBe(200);
    await settled(120_000);
    running = false;
    await prober;
    expect(failures).toBe(0);
    expect(latencies.length).toBeGreaterThan(5);
    // Generous for a shared machine; a day rebuilt in one transaction held requests for seconds.
    expect(Math.max(...latencies)).toBeLessThan(3000);
    const days = (await call("GET", "/metrics/timeseries?from=2026-04-01&to=2026-05-05")).status;
    expect(days).toBe(200);
  }, 180_000);
});
