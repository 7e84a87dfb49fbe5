import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshMetricSnapshotsJob } from "../../src/jobs/definitions/refresh-metric-snapshots-job.js";
import { Rng } from "../../src/prng.js";
import { SUMS_FORMAT } from "../../src/services/metrics/stored-day-sums.js";
import { dropOldSnapshots } from "../../src/services/metrics/stored-snapshots.js";
import { resolveMeasurementModel } from "../../src/services/workspace-config/default-measurement-model.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompt } from "./metrics-fixtures.js";
import { writeSimulatedDay } from "./simulated-rollups.js";

// A day's metrics and changes are computed once and stored (metric_snapshots,
// services/metrics/stored-snapshots.ts): a server that caches nothing in its
// process (GEO_METRICS_CACHE_ENTRIES=0, as a fresh process would) serves them
// from the stored rows until the day's revision changes.
const DAY0 = "2026-06-01";
const DAY1 = "2026-06-08";

let t: TestServer;
let cookie: string;

beforeAll(async () => {
  t = await startTestServer({
    env: { GEO_METRICS_CACHE_ENTRIES: "0", GEO_QUEUE_POLL_SECONDS: "0.5" },
  });
  t.clock.set(`${DAY1}T12:00:00.000Z`);
  cookie = await t.signIn("stored-snapshots@example.com");
}, 60_000);
afterAll(() => t.close());

/** A workspace with 12 prompts answered on DAY0 and DAY1 (7 days apart) by two engines. */
async function workspaceWithTwoDays(brand: string) {
  const slug = await t.createWorkspace(cookie, { brand });
  for (let i = 0; i < 12; i++) await seedPrompt(t, slug, "discovery", `Best tool ${i}?`);
  const prisma = t.server.ctx.prisma;
  const workspaceId = (await prisma.workspace.findUniqueOrThrow({ where: { slug } })).id;
  const prompts = await prisma.prompt.findMany({ where: { workspaceId }, orderBy: { id: "asc" } });
  for (const day of [DAY0, DAY1]) {
    await writeSimulatedDay(
      t,
      workspaceId,
      {
        day,
        prompts,
        engines: () => ["openai", "perplexity"],
        repetitions: 2,
        rate: () => (day === DAY0 ? 0.3 : 0.6),
        entityIds: ["self"],
      },
      Rng.fromString(`stored-snapshots/${brand}/${day}`),
    );
  }
  return { slug, workspaceId };
}

const stored = (workspaceId: string) =>
  t.server.ctx.prisma.$queryRawUnsafe<
    Array<{ day: string; filters: string; compared_to: string; inputs: string; body: string }>
  >(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, filters, compared_to, inputs, body
     FROM metric_snapshots WHERE workspace_id = $1 ORDER BY day, filters, compared_to`,
    workspaceId,
  );

async function metrics(slug: string, query = "") {
  const res = await t.request("GET", `/api/v1/workspaces/${slug}/metrics${query}`, { cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const brandOf = (body: any) => body.shareOfVoice.find((e: any) => e.isSelf);

describe("stored day snapshots", () => {
  it("a read stores the day's metrics and its changes; later reads serve the stored rows until the day changes", async () => {
    const { slug, workspaceId } = await workspaceWithTwoDays("stored-read");
    const first = await metrics(slug);
    const rows = await stored(workspaceId);
    // The day's own snapshot ("") and its changes since DAY0 (the previous day and d7).
    expect(rows.map((r) => [r.day, r.filters, r.compared_to])).toEqual([
      [DAY1, "*|*|*|*|-", ""],
      [DAY1, "*|*|*|*|-", DAY0],
    ]);

    // Rows altered in place: a read that serves them shows what they hold.
    const prisma = t.server.ctx.prisma;
    const alter = async (comparedTo: string, edit: (body: any) => void) => {
      const row = rows.find((r) => r.compared_to === comparedTo);
      const body = JSON.parse(row?.body ?? "null");
      edit(body);
      await prisma.$executeRawUnsafe(
        `UPDATE metric_snapshots SET body = $2 WHERE workspace_id = $1 AND compared_to = $3`,
        workspaceId,
        JSON.stringify(body),
        comparedTo,
      );
    };
    await alter("", (b) => {
      b.snapshot.entities.find((e: any) => e.isSelf).shareOfVoice.value = 0.123;
    });
    await alter(DAY0, (b) => {
      const brand = b.entities.find(([id]: [string]) => id === "self")[1];
      brand.visibility.delta = 0.0777;
    });
    const served = await metrics(slug);
    expect(brandOf(served).value).toBe(0.123);
    expect(brandOf(served).visibility.comparisons.previous.delta).toBe(0.0777);

    // A write to the day bumps its revision: computed again (the same data and seed give
    // the same numbers) and stored over the altered rows.
    await prisma.$executeRawUnsafe(
      `UPDATE metric_days SET revision = revision + 1 WHERE workspace_id = $1 AND day = $2::date`,
      workspaceId,
      DAY1,
    );
    const again = await eventually(async () => {
      const body = await metrics(slug);
      return brandOf(body).value === 0.123 ? undefined : body;
    });
    expect(brandOf(again)).toEqual(brandOf(first));
    const rewritten = await stored(workspaceId);
    expect(rewritten.map((r) => r.inputs)).not.toEqual(rows.map((r) => r.inputs));
    expect(rewritten).toHaveLength(2);
  }, 60_000);

  it("each filter set is stored apart; an earlier day compares with its own comparison days", async () => {
    const { slug, workspaceId } = await workspaceWithTwoDays("stored-filters");
    await metrics(slug, "?engine=openai");
    await metrics(slug, `?date=${DAY0}`);
    const rows = await stored(workspaceId);
    expect(rows.map((r) => [r.day, r.filters, r.compared_to])).toEqual([
      [DAY0, "*|*|*|*|-", ""],
      [DAY1, "openai|*|*|*|-", ""],
      [DAY1, "openai|*|*|*|-", DAY0],
    ]);
  }, 60_000);

  it("new weights are new inputs: the rows stored for the old ones are not served", async () => {
    const { slug, workspaceId } = await workspaceWithTwoDays("stored-weights");
    const prisma = t.server.ctx.prisma;
    await metrics(slug);
    const [row] = (await stored(workspaceId)).filter((r) => r.compared_to === "");
    const body = JSON.parse(row?.body ?? "null");
    body.snapshot.entities.find((e: any) => e.isSelf).shareOfVoice.value = 0.123;
    await prisma.$executeRawUnsafe(
      `UPDATE metric_snapshots SET body = $2 WHERE workspace_id = $1 AND compared_to = ''`,
      workspaceId,
      JSON.stringify(body),
    );
    expect(brandOf(await metrics(slug)).value).toBe(0.123);
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } });
    const model = resolveMeasurementModel(
      workspace.measurementModel,
      t.server.ctx.config.modelCatalog,
      DAY1,
    );
    await prisma.workspace.update({
      where: { id: workspaceId },
      data: {
        measurementModel: {
          ...model,
          weights: { visibility: 0.7, shareOfVoice: 0.1, position: 0.1, citation: 0.1 },
        } as object,
      },
    });
    const after = await eventually(async () => {
      const read = await metrics(slug);
      return brandOf(read).value === 0.123 ? undefined : read;
    });
    expect(brandOf(after).value).toBeGreaterThan(0);
  }, 60_000);

  it("a view without answers is not stored; rows not rewritten for 30 days are dropped", async () => {
    const { slug, workspaceId } = await workspaceWithTwoDays("stored-retention");
    await metrics(slug, "?engine=gemini");
    expect(await stored(workspaceId)).toEqual([]);
    await metrics(slug);
    expect(await stored(workspaceId)).toHaveLength(2);
    expect(await dropOldSnapshots(t.server.ctx, workspaceId)).toBe(0);
    t.clock.advance(31 * 86_400_000);
    try {
      expect(await dropOldSnapshots(t.server.ctx, workspaceId)).toBe(2);
    } finally {
      t.clock.set(`${DAY1}T12:00:00.000Z`);
    }
    expect(await stored(workspaceId)).toEqual([]);
  }, 60_000);

  it("the refresh job stores the latest day's, and the year's sums, before any read", async () => {
    const { slug, workspaceId } = await workspaceWithTwoDays("stored-job");
    await t.server.ctx.queue.enqueue(refreshMetricSnapshotsJob, { workspaceId });
    const daySums = () =>
      t.server.ctx.prisma.$queryRawUnsafe<Array<{ day: string }>>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM metric_day_sums
         WHERE workspace_id = $1 ORDER BY day`,
        workspaceId,
      );
    // The job stores the day's view, the year's sums, then the 7- and 28-day windows: done
    // once the last is there.
    const all = await eventually(async () => {
      const r = await stored(workspaceId);
      return r.length === 4 && (await daySums()).length === 2 ? r : undefined;
    });
    const rows = all.filter((r) => !r.filters.startsWith("window"));
    expect(rows.map((r) => [r.day, r.compared_to])).toEqual([
      [DAY1, ""],
      [DAY1, DAY0],
    ]);
    expect(all.filter((r) => r.filters.startsWith("window")).map((r) => r.filters)).toEqual([
      "window28:*|*|*|*|-",
      "window7:*|*|*|*|-",
    ]);
    // And the time series' sums of each day of the year up to it.
    const sums = await daySums();
    expect(sums.map((r) => r.day)).toEqual([DAY0, DAY1]);
    // The first read serves them: same body as a computation.
    const body = await metrics(slug);
    const snapshot = JSON.parse(rows[0]?.body ?? "null");
    expect(brandOf(body).value).toBe(
      snapshot.snapshot.entities.find((e: any) => e.isSelf).shareOfVoice.value,
    );
  }, 60_000);
});

describe("stored day sums of the time series", () => {
  const series = async (slug: string, query = "") => {
    const res = await t.request(
      "GET",
      `/api/v1/workspaces/${slug}/metrics/timeseries?from=${DAY0}&to=${DAY1}${query}`,
      { cookie },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.series as any[];
  };
  const brandAll = (list: any[]) => list.find((s) => s.isSelf && s.engine === "all");

  it("a read stores each day's sums; later reads serve them until the day's revision changes", async () => {
    const { slug, workspaceId } = await workspaceWithTwoDays("sums-read");
    const prisma = t.server.ctx.prisma;
    const first = await series(slug);
    // Read back as stored, the same points as summed from the rollups.
    expect(await series(slug)).toEqual(first);
    const rows = await prisma.$queryRawUnsafe<
      Array<{ day: string; revision: number; body: string }>
    >(
      `SELECT to_char(s.day, 'YYYY-MM-DD') AS day, s.revision, s.body FROM metric_day_sums s
       JOIN metric_days d USING (workspace_id, analysis_version, day)
       WHERE s.workspace_id = $1 AND s.revision = d.revision ORDER BY day`,
      workspaceId,
    );
    expect(rows.map((r) => r.day)).toEqual([DAY0, DAY1]);
    // 12 prompts × 2 repetitions on each of two engines.
    expect(JSON.parse(rows[1]?.body ?? "{}").c.map((c: any[]) => [c[0], c[1]])).toEqual([
      ["openai", 24],
      ["perplexity", 24],
    ]);

    // Sums altered in place: a read that serves them shows what they hold.
    await prisma.$executeRawUnsafe(
      `UPDATE metric_day_sums SET body = $2 WHERE workspace_id = $1 AND day = $3::date`,
      workspaceId,
      JSON.stringify({ v: SUMS_FORMAT, e: ["self"], c: [["openai", 10, 0, 7, 7, 0, 3, 2]] }),
      DAY1,
    );
    // The series' own stored body (stored-series.200.test.ts) forgotten: read from the sums.
    await prisma.$executeRawUnsafe(
      "DELETE FROM metric_series WHERE workspace_id = $1",
      workspaceId,
    );
    const served = brandAll(await series(slug)).points.at(-1);
    expect(served).toMatchObject({
      date: DAY1,
      responses: 10,
      visibility: 0.7,
      recommendationRate: 0.3,
      shortlistShare: 0.2,
    });
    // Only that engine's: the engine filter applies to the stored sums, and so does a surface.
    const perplexity = await series(slug, "&engine=perplexity");
    expect(brandAll(perplexity).points.map((p: any) => p.date)).toEqual([DAY0]);
    expect(brandAll(await series(slug, "&surface=api"))).toEqual(brandAll(await series(slug)));
    expect(await series(slug, "&surface=consumer_app")).toEqual([]);

    // A write to the day bumps its revision: summed again from the rollups.
    await prisma.$executeRawUnsafe(
      `UPDATE metric_days SET revision = revision + 1 WHERE workspace_id = $1 AND day = $2::date`,
      workspaceId,
      DAY1,
    );
    expect(brandAll(await series(slug))).toEqual(brandAll(first));
  }, 60_000);
});
