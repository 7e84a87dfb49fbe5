import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../src/days.js";
import { Rng } from "../../src/prng.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { competitor } from "../workspace-config/config-fixtures.js";
import { seedPrompt } from "./metrics-fixtures.js";
import { writeSimulatedDay } from "./simulated-rollups.js";

// GET .../metrics/window: each entity's visibility, share of voice, citation share,
// recommendation rate and shortlist share over the last 7 or 28 days and the window before, with two-way intervals (prompts and
// run days) and the change between them. Its counts must agree with the time
// series over the same days (the same answers), and its stored view must be
// served until a day of the two windows changes.
const LAST = "2026-07-14";
const FIRST = addDays(LAST, -13);

let t: TestServer;
let cookie: string;
let slug: string;
let workspaceId: string;
let globexId: string;

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_METRICS_CACHE_ENTRIES: "0" } });
  t.clock.set(`${LAST}T12:00:00.000Z`);
  cookie = await t.signIn("metrics-window@example.com");
  slug = await t.createWorkspace(cookie, {
    brand: "acme",
    competitors: [competitor("Globex"), competitor("Initech")],
  });
  for (let i = 0; i < 10; i++) await seedPrompt(t, slug, "discovery", `Best tool ${i}?`);
  const prisma = t.server.ctx.prisma;
  workspaceId = (await prisma.workspace.findUniqueOrThrow({ where: { slug } })).id;
  const competitors = await prisma.competitor.findMany({ where: { workspaceId } });
  globexId = competitors.find((c) => c.name === "Globex")?.id ?? "";
  const prompts = await prisma.prompt.findMany({ where: { workspaceId }, orderBy: { id: "asc" } });
  // 14 days: the brand named in 30% of answers the first week and 60% the second, Globex in 40%.
  for (let d = 0; d < 14; d++) {
    const day = addDays(FIRST, d);
    await writeSimulatedDay(
      t,
      workspaceId,
      {
        day,
        prompts,
        engines: () => ["openai", "perplexity"],
        repetitions: 2,
        rate: (entityId) => (entityId === "self" ? (d < 7 ? 0.3 : 0.6) : 0.4),
        // Half the brand's mentions recommend it, a quarter of Globex's.
        recommendRate: (entityId) => (entityId === "self" ? 0.5 : 0.25),
        // 80% of answers cite something; the brand's domain in 30% of those, Globex's in 50%.
        citeRate: { any: 0.8, entity: (entityId) => (entityId === "self" ? 0.3 : 0.5) },
        entityIds: ["self", globexId],
      },
      Rng.fromString(`metrics-window/${day}`),
    );
  }
}, 120_000);
afterAll(() => t.close());

async function window(query = "") {
  const res = await t.request("GET", `/api/v1/workspaces/${slug}/metrics/window${query}`, {
    cookie,
  });
  expect(res.status, res.text).toBe(200);
  return res.body as any;
}

/**
 * Σ mentioned, recommended, shortlisted and Σ answers of an entity over days, from the time
 * series (its exact ratios).
 */
async function seriesCounts(entityId: string, from: string, to: string, engine = "all") {
  const res = await t.request(
    "GET",
    `/api/v1/workspaces/${slug}/metrics/timeseries?from=${from}&to=${to}`,
    { cookie },
  );
  const series = res.body.series.find((s: any) => s.entityId === entityId && s.engine === engine);
  const counts = { mentioned: 0, recommended: 0, shortlisted: 0, responses: 0 };
  for (const p of series.points) {
    counts.mentioned += Math.round(p.visibility * p.responses);
    counts.recommended += Math.round(p.recommendationRate * p.responses);
    counts.shortlisted += Math.round(p.shortlistShare * p.responses);
    counts.responses += p.responses;
  }
  return counts;
}

describe("GET /metrics/window", () => {
  it("the last 7 days against the 7 before: the time series' answers, two-way intervals, a significant rise", async () => {
    const body = await window();
    expect(body.days).toBe(7);
    expect(body.current).toEqual({
      from: addDays(LAST, -6),
      to: LAST,
      runDays: 7,
      prompts: 10,
      responses: 7 * 10 * 2 * 2,
    });
    expect(body.previous).toMatchObject({ from: FIRST, to: addDays(LAST, -7), runDays: 7 });
    expect(body.entities.map((e: any) => e.entity)).toEqual(["acme", "Globex", "Initech"]);

    const brand = body.entities[0];
    const now = await seriesCounts("self", body.current.from, body.current.to);
    const before = await seriesCounts("self", body.previous.from, body.previous.to);
    expect(brand.visibility.current.n).toBe(now.responses);
    expect(brand.visibility.current.value).toBe(now.mentioned / now.responses);
    expect(brand.visibility.previous.value).toBe(before.mentioned / before.responses);
    for (const estimate of [brand.visibility.current, brand.visibility.previous]) {
      expect(estimate.intervalUnit).toBe("prompt-and-day");
      expect(estimate.ciLow).toBeLessThan(estimate.value);
      expect(estimate.ciHigh).toBeGreaterThan(estimate.value);
    }
    expect(brand.visibility.change.delta).toBeCloseTo(
      now.mentioned / now.responses - before.mentioned / before.responses,
      12,
    );
    expect(brand.visibility.change.significant).toBe(true);
    expect(brand.visibility.change.ciLow).toBeGreaterThan(0);
    // The composite (0-100): two-way intervals, its change tested on the run days.
    for (const estimate of [brand.composite.current, brand.composite.previous]) {
      expect(estimate.intervalUnit).toBe("prompt-and-day");
      expect(estimate.n).toBeGreaterThan(0);
      expect(estimate.ciLow).toBeLessThan(estimate.value);
      expect(estimate.ciHigh).toBeGreaterThan(estimate.value);
    }
    expect(brand.composite.change.delta).toBeCloseTo(
      brand.composite.current.value - brand.composite.previous.value,
      12,
    );

    // Recommendation rate and shortlist share: the time series' answers, two-way intervals.
    for (const [metric, count] of [
      ["recommendationRate", "recommended"],
      ["shortlistShare", "shortlisted"],
    ] as const) {
      expect(brand[metric].current.n).toBe(now.responses);
      expect(brand[metric].current.value).toBe(now[count] / now.responses);
      expect(brand[metric].previous.value).toBe(before[count] / before.responses);
      expect(brand[metric].current.intervalUnit).toBe("prompt-and-day");
      expect(brand[metric].current.ciLow).toBeLessThan(brand[metric].current.value);
      expect(brand[metric].change.delta).toBeCloseTo(
        now[count] / now.responses - before[count] / before.responses,
        12,
      );
    }
    // With two entities named, every recommendation is on the shortlist (the first three):
    // a workspace naming five tells them apart (below).
    expect(now.recommended).toBeGreaterThan(0);
    expect(now.shortlisted).toBe(now.recommended);

    // Citation share: of the answers with a citation, as the metrics route counts them (each
    // day's engines summed).
    const cited = { x: 0, n: 0 };
    for (let d = 0; d < 7; d++) {
      const date = addDays(body.current.from, d);
      const day = await t.request("GET", `/api/v1/workspaces/${slug}/metrics?date=${date}`, {
        cookie,
      });
      expect(day.status, day.text).toBe(200);
      for (const { metrics: m } of (day.body as any).scoreboard.engines) {
        cited.x += Math.round(m.citationShare.value * m.citationShare.n);
        cited.n += m.citationShare.n;
      }
    }
    expect(cited.n).toBeGreaterThan(0);
    expect(cited.n).toBeLessThan(now.responses);
    expect(brand.citationShare.current.n).toBe(cited.n);
    expect(brand.citationShare.current.value).toBeCloseTo(cited.x / cited.n, 12);
    expect(brand.citationShare.current.intervalUnit).toBe("prompt-and-day");

    // Share of voice: of every entity's mentioned answers (Initech never named).
    const globex = await seriesCounts(globexId, body.current.from, body.current.to);
    expect(brand.shareOfVoice.current.n).toBe(now.mentioned + globex.mentioned);
    expect(brand.shareOfVoice.current.value).toBe(
      now.mentioned / (now.mentioned + globex.mentioned),
    );
    const initech = body.entities[2];
    expect(initech.visibility.current).toMatchObject({ value: 0, n: now.responses });
    expect(initech.shareOfVoice.current.value).toBe(0);
    // Globex's rate did not move: its change's interval holds 0.
    const globexChange = body.entities[1].visibility.change;
    expect(globexChange.significant).toBe(globexChange.ciLow > 0 || globexChange.ciHigh < 0);
  });

  it("28 days, a day in the past, and an engine filter", async () => {
    const month = await window("?days=28");
    expect(month.current).toMatchObject({ from: addDays(LAST, -27), runDays: 14 });
    expect(month.previous).toMatchObject({ runDays: 0, responses: 0 });
    expect(month.entities[0].visibility.change).toBeNull();
    expect(month.entities[0].visibility.previous).toEqual({
      value: 0,
      ciLow: 0,
      ciHigh: 0,
      n: 0,
      intervalUnit: "answer",
    });

    const earlier = await window(`?to=${addDays(LAST, -7)}`);
    expect(earlier.current).toMatchObject({ from: FIRST, runDays: 7 });
    expect(earlier.previous.runDays).toBe(0);

    const openai = await window("?engine=openai");
    const counts = await seriesCounts("self", openai.current.from, LAST, "openai");
    expect(openai.entities[0].visibility.current.n).toBe(counts.responses);
    expect(openai.entities[0].visibility.current.value).toBe(counts.mentioned / counts.responses);
  });

  it("stored after the first read, served until a day of the windows changes", async () => {
    await window("?category=discovery");
    const prisma = t.server.ctx.prisma;
    const key = "window7:*|discovery|*|*|-";
    const rows = await prisma.$queryRawUnsafe<Array<{ body: string }>>(
      "SELECT body FROM metric_snapshots WHERE workspace_id = $1 AND filters = $2",
      workspaceId,
      key,
    );
    expect(rows).toHaveLength(1);
    const altered = JSON.parse(rows[0]?.body ?? "{}");
    altered.entities[0].visibility.current.value = 0.123;
    await prisma.$executeRawUnsafe(
      "UPDATE metric_snapshots SET body = $3 WHERE workspace_id = $1 AND filters = $2",
      workspaceId,
      key,
      JSON.stringify(altered),
    );
    expect((await window("?category=discovery")).entities[0].visibility.current.value).toBe(0.123);
    // A write to a day of the previous window is a new revision: computed again.
    await prisma.$executeRawUnsafe(
      "UPDATE metric_days SET revision = revision + 1 WHERE workspace_id = $1 AND day = $2::date",
      workspaceId,
      FIRST,
    );
    t.server.ctx.workspaceReads.invalidate(workspaceId);
    const again = await window("?category=discovery");
    expect(again.entities[0].visibility.current.value).not.toBe(0.123);
  });

  it("days beyond the latest 30 with data: read for an older window, and their revisions in the fingerprint", async () => {
    const long = await t.createWorkspace(cookie, { brand: "long-window" });
    for (let i = 0; i < 3; i++) await seedPrompt(t, long, "discovery", `Best tool ${i}?`);
    const prisma = t.server.ctx.prisma;
    const id = (await prisma.workspace.findUniqueOrThrow({ where: { slug: long } })).id;
    const prompts = await prisma.prompt.findMany({ where: { workspaceId: id } });
    for (let d = 0; d < 45; d++) {
      await writeSimulatedDay(
        t,
        id,
        {
          day: addDays(LAST, -d),
          prompts,
          engines: () => ["openai"],
          repetitions: 1,
          rate: () => 0.5,
          entityIds: ["self"],
        },
        Rng.fromString(`metrics-window/long/${d}`),
      );
    }
    const get = async (query: string) => {
      const res = await t.request("GET", `/api/v1/workspaces/${long}/metrics/window${query}`, {
        cookie,
      });
      expect(res.status, res.text).toBe(200);
      return res.body as any;
    };
    // 35 days back is past the latest 30 days with data: still read.
    const older = await get(`?to=${addDays(LAST, -35)}`);
    expect(older.current).toMatchObject({ runDays: 7, responses: 21 });
    expect(older.previous).toMatchObject({ runDays: 3, responses: 9 });

    // A day 40 days back is in the 28-day view's previous window: a write to it is new inputs.
    const month = await get("?days=28");
    expect(month.previous.runDays).toBe(17);
    const key = "window28:*|*|*|*|-";
    const [row] = await prisma.$queryRawUnsafe<Array<{ body: string }>>(
      "SELECT body FROM metric_snapshots WHERE workspace_id = $1 AND filters = $2",
      id,
      key,
    );
    const altered = JSON.parse(row?.body ?? "{}");
    altered.entities[0].visibility.previous.value = 0.123;
    await prisma.$executeRawUnsafe(
      "UPDATE metric_snapshots SET body = $3 WHERE workspace_id = $1 AND filters = $2",
      id,
      key,
      JSON.stringify(altered),
    );
    expect((await get("?days=28")).entities[0].visibility.previous.value).toBe(0.123);
    await prisma.$executeRawUnsafe(
      "UPDATE metric_days SET revision = revision + 1 WHERE workspace_id = $1 AND day = $2::date",
      id,
      addDays(LAST, -40),
    );
    expect((await get("?days=28")).entities[0].visibility.previous.value).not.toBe(0.123);
  });

  it("a workspace without answers: empty windows, no change", async () => {
    const empty = await t.createWorkspace(cookie, { brand: "empty-window" });
    const res = await t.request("GET", `/api/v1/workspaces/${empty}/metrics/window`, { cookie });
    expect(res.status).toBe(200);
    expect(res.body.current).toMatchObject({ to: LAST, runDays: 0, responses: 0 });
    expect(res.body.entities[0].visibility).toMatchObject({ change: null });
  });

  it("the composite over a window of one run day is that day's composite", async () => {
    const res = await t.request<any>(
      "GET",
      `/api/v1/workspaces/${slug}/metrics/window?to=${FIRST}`,
      { cookie },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.current.runDays).toBe(1);
    const day = await t.request<any>("GET", `/api/v1/workspaces/${slug}/metrics?date=${FIRST}`, {
      cookie,
    });
    const { composite } = day.body.scoreboard;
    const brand = res.body.entities[0].composite;
    expect(brand.current.value).toBeCloseTo(composite.value, 9);
    expect(brand.current.n).toBe(composite.n);
    expect(brand.change).toBeNull();
  });

  it("five entities recommended together: the shortlist keeps the first three, as the time series counts it", async () => {
    const names = ["Alpha", "Beta", "Gamma", "Delta"];
    const five = await t.createWorkspace(cookie, {
      brand: "omega",
      competitors: names.map((name) => competitor(name)),
    });
    for (let i = 0; i < 4; i++) await seedPrompt(t, five, "discovery", `Best suite ${i}?`);
    const prisma = t.server.ctx.prisma;
    const id = (await prisma.workspace.findUniqueOrThrow({ where: { slug: five } })).id;
    const rivals = await prisma.competitor.findMany({ where: { workspaceId: id } });
    const prompts = await prisma.prompt.findMany({
      where: { workspaceId: id },
      orderBy: { id: "asc" },
    });
    for (let d = 0; d < 4; d++) {
      await writeSimulatedDay(
        t,
        id,
        {
          day: addDays(LAST, d - 3),
          prompts,
          engines: () => ["openai"],
          repetitions: 2,
          rate: () => 0.9,
          recommendRate: () => 1,
          entityIds: ["self", ...rivals.map((r) => r.id)],
        },
        Rng.fromString(`metrics-window/five/${d}`),
      );
    }
    const res = await t.request("GET", `/api/v1/workspaces/${five}/metrics/window?days=7`, {
      cookie,
    });
    expect(res.status, res.text).toBe(200);
    const body = res.body as any;
    const series = await t.request(
      "GET",
      `/api/v1/workspaces/${five}/metrics/timeseries?from=${body.current.from}&to=${body.current.to}`,
      { cookie },
    );
    let fewer = 0;
    for (const e of body.entities) {
      const points = series.body.series.find(
        (s: any) => s.entityId === e.entityId && s.engine === "all",
      ).points;
      const count = (key: string) =>
        points.reduce((n: number, p: any) => n + Math.round(p[key] * p.responses), 0);
      expect(e.recommendationRate.current.value).toBeCloseTo(
        count("recommendationRate") / e.recommendationRate.current.n,
        12,
      );
      expect(e.shortlistShare.current.value).toBeCloseTo(
        count("shortlistShare") / e.shortlistShare.current.n,
        12,
      );
      if (e.shortlistShare.current.value < e.recommendationRate.current.value) fewer++;
    }
    // Five recommended in most answers: some entity is left off some shortlists.
    expect(fewer).toBeGreaterThan(0);
  });
});
