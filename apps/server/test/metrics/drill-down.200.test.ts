import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WindowSums } from "../../src/metrics/window-sums.js";
import { reanalyzeDay } from "../../src/services/analysis/reanalyze-day.js";
import { loadVisibilitySeries } from "../../src/services/metrics/load-entity-count-series.js";
import { loadMetricsScope } from "../../src/services/metrics/metrics-scope.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts } from "../runs/run-fixtures.js";
import { markDayStale, runAndWait, seedPrompt } from "./metrics-fixtures.js";

/**
 * Every number the metrics return opens to exactly the answers it counts: for each metric of
 * the overview, the scoreboard, share of voice per entity, each engine, the most-cited domains
 * and the time series, under several filters, `GET .../answers` with the metric's population
 * lists `n` answers (and its numerator `value · n`), page by page.
 */
let t: TestServer;
let cookie: string;
let slug: string;
const entityIds = new Map<string, string>();
const day1 = "2026-04-07";
const day2 = "2026-04-08";

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set(`${day1}T09:00:00.000Z`);
  cookie = await t.signIn("drill-down@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
  await seedPrompts(t, slug, 10);
  await seedPrompt(t, slug, "brand_research", "What do people say about acme?");
  await seedPrompt(t, slug, "brand_research", "Is acme a good analytics vendor?");
  await seedPrompt(t, slug, "discovery", "¿Qué herramienta de analítica recomiendas?", {
    language: "es",
    region: "us",
  });
  await runAndWait(t, slug, cookie);
  t.clock.set(`${day2}T09:00:00.000Z`);
  await runAndWait(t, slug, cookie);
  const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({
    where: { slug },
    include: { competitors: true },
  });
  entityIds.set(workspace.brand, "self");
  for (const c of workspace.competitors) entityIds.set(c.name, c.id);
}, 120_000);
afterAll(() => t.close());

/** The day's answers marked analysed at the version before, and its rollups stale. */
async function asAnEarlierVersionLeftIt(workspaceId: string, day: string) {
  await t.server.ctx.prisma.$executeRawUnsafe(
    `UPDATE engine_responses SET analysis_version = analysis_version - 1 WHERE run_id IN (
       SELECT id FROM runs WHERE workspace_id = $1 AND created_at::date = $2::date)`,
    workspaceId,
    day,
  );
  await markDayStale(t, workspaceId, day);
}

type Query = Record<string, string | undefined>;
const queryString = (query: Query) =>
  new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();

async function get(path: string, query: Query) {
  const response = await t.request<any>(
    "GET",
    `/api/v1/workspaces/${slug}${path}?${queryString(query)}`,
    { cookie },
  );
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Every page of `GET .../answers`: the count it says and the answers it lists agree. */
async function drill(query: Query) {
  const first = await get("/answers", { ...query, limit: "100" });
  let listed = first.data.length;
  let cursor = first.nextCursor;
  while (cursor) {
    const page = await get("/answers", { ...query, limit: "100", cursor });
    expect(page.total).toBe(first.total);
    listed += page.data.length;
    cursor = page.nextCursor;
  }
  expect(listed).toBe(first.total);
  for (const answer of first.data) expect(answer.status).toBe("succeeded");
  return first as {
    total: number;
    entityMentions: number;
    excluded: { brandResearchAnswers: number; brandResearchPrompts: number };
  };
}

/** value · n of a share, as the count it was divided from. */
const numerator = (estimate: { value: number; n: number }) =>
  Math.round(estimate.value * estimate.n);

/** The recommendation metrics and the `match` that lists their numerators. */
const stanceMetrics = [
  ["recommendationRate", "recommended"],
  ["shortlistShare", "shortlisted"],
] as const;
/** Answers the recommendation metrics' drill-downs listed: the simulated answers do recommend. */
let recommendedSeen = 0;

const filterSets: Query[] = [
  {},
  { includeBrandResearch: "true" },
  { category: "discovery" },
  { language: "es" },
  { surface: "api" },
  { category: "brand_research", includeBrandResearch: "true" },
];

describe("every metric's drill-down returns its n answers", () => {
  it.each(
    filterSets.flatMap((filters) => [day1, day2].map((date) => [JSON.stringify(filters), date])),
  )("metrics with %s on %s", async (filtersText, date) => {
    const filters = JSON.parse(filtersText) as Query;
    const scope = { ...filters, from: date, to: date };
    const metrics = await get("/metrics", { ...filters, date });
    expect(await get("/scoreboard", { ...filters, date })).toEqual(metrics.scoreboard);
    const all = await drill(scope);
    expect(all.total).toBeGreaterThan(0);
    expect(metrics.scoreboard.composite.n).toBe(all.total);
    expect(metrics.scoreboard.excluded).toEqual(all.excluded);
    // Both brand-research prompts are English, without a region.
    const leftOut =
      filters.includeBrandResearch || filters.category || filters.language !== undefined ? 0 : 2;
    expect(all.excluded.brandResearchPrompts).toBe(leftOut);
    expect(all.excluded.brandResearchAnswers > 0).toBe(leftOut > 0);

    const mentioned = await drill({ ...scope, match: "mentioned" });
    for (const entity of metrics.shareOfVoice) {
      const id = entityIds.get(entity.entity);
      const naming = await drill({ ...scope, match: "mentioned", entity: id });
      expect(entity.n, `${entity.entity} share of voice n`).toBe(mentioned.entityMentions);
      expect(numerator(entity), `${entity.entity} share of voice`).toBe(naming.total);
      expect(entity.visibility.n, `${entity.entity} visibility n`).toBe(all.total);
      expect(numerator(entity.visibility), `${entity.entity} visibility`).toBe(naming.total);
      for (const [metric, match] of stanceMetrics) {
        const stanced = await drill({ ...scope, match, entity: id });
        expect(entity[metric].n, `${entity.entity} ${metric} n`).toBe(all.total);
        expect(numerator(entity[metric]), `${entity.entity} ${metric}`).toBe(stanced.total);
        recommendedSeen += stanced.total;
      }
    }
    for (const { engine, metrics: m } of metrics.scoreboard.engines) {
      const onEngine = { ...scope, engine };
      const engineAll = (await drill(onEngine)).total;
      expect(m.responses).toBe(engineAll);
      expect(m.visibility.n).toBe(engineAll);
      const naming = await drill({ ...onEngine, match: "mentioned", entity: "self" });
      expect(numerator(m.visibility)).toBe(naming.total);
      expect(m.shareOfVoice.n).toBe(
        (await drill({ ...onEngine, match: "mentioned" })).entityMentions,
      );
      expect(numerator(m.shareOfVoice)).toBe(naming.total);
      const citing = await drill({ ...onEngine, match: "cited" });
      expect(m.citationShare.n).toBe(citing.total);
      const citingBrand = await drill({ ...onEngine, match: "cited", entity: "self" });
      expect(numerator(m.citationShare)).toBe(citingBrand.total);
      expect(m.composite.n).toBe(engineAll);
      for (const [metric, match] of stanceMetrics) {
        expect(m[metric].n).toBe(engineAll);
        const stanced = await drill({ ...onEngine, match, entity: "self" });
        expect(numerator(m[metric]), `${engine} ${metric}`).toBe(stanced.total);
      }
    }
    for (const domain of metrics.topCitedDomains) {
      expect(domain.count, domain.domain).toBe(
        (await drill({ ...scope, domain: domain.domain })).total,
      );
    }
  });

  it("the recommendation metrics' drill-downs listed answers (the walk above was not vacuous)", () => {
    expect(recommendedSeen).toBeGreaterThan(0);
  });

  it("each day of the time series opens to its answers", async () => {
    const series = await get("/metrics/timeseries", { from: day1, to: day2 });
    expect(series.series.filter((s: any) => s.isSelf).length).toBeGreaterThan(0);
    for (const line of series.series) {
      for (const point of line.points) {
        // The point's day, on its engine (every engine for the `all` series).
        const day = {
          from: point.date,
          to: point.date,
          ...(line.engine === "all" ? {} : { engine: line.engine }),
        };
        const answers = await drill(day);
        expect(point.responses, `${line.engine} ${point.date}`).toBe(answers.total);
        const naming = await drill({ ...day, match: "mentioned", entity: line.entityId });
        expect(Math.round(point.visibility * point.responses)).toBe(naming.total);
        const recommending = await drill({ ...day, match: "recommended", entity: line.entityId });
        expect(Math.round(point.recommendationRate * point.responses)).toBe(recommending.total);
      }
    }
  });

  it("a change-detection window (any range of days) opens to its answers", async () => {
    // The windows a flagged change reports (`recent`, `baseline`: from, to and n) are sums of
    // the days of these series, the counts the test and both windows' intervals read.
    const ctx = t.server.ctx;
    const workspace = await ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
    const scope = await loadMetricsScope(ctx, workspace.id);
    const series = await loadVisibilitySeries({
      ctx,
      workspaceId: workspace.id,
      version: scope.version,
      entities: scope.entities,
      from: day1,
      to: day2,
      filters: {},
    });
    expect(series.length).toBeGreaterThan(scope.entities.length);
    for (const { entityId, engine, days } of series) {
      const window = new WindowSums(days).total(0, days.length);
      const range = { from: day1, to: day2, ...(engine ? { engine } : {}) };
      const label = `${entityId} on ${engine ?? "all"}`;
      expect(window.trials, label).toBe((await drill(range)).total);
      const naming = await drill({ ...range, match: "mentioned", entity: entityId });
      expect(window.successes, label).toBe(naming.total);
    }
  });

  it.each(filterSets.map((filters) => [JSON.stringify(filters)]))(
    "the 7-day window view with %s opens to its answers",
    async (filtersText) => {
      const filters = JSON.parse(filtersText) as Query;
      const view = await get("/metrics/window", { ...filters, to: day2 });
      const range = { ...filters, from: view.current.from, to: view.current.to };
      const all = await drill(range);
      const anyNamed = await drill({ ...range, match: "mentioned" });
      expect(view.current.responses).toBe(all.total);
      for (const e of view.entities) {
        expect(e.visibility.current.n, e.entity).toBe(all.total);
        const naming = await drill({ ...range, match: "mentioned", entity: e.entityId });
        expect(numerator(e.visibility.current), e.entity).toBe(naming.total);
        expect(e.shareOfVoice.current.n, e.entity).toBe(anyNamed.entityMentions);
        expect(numerator(e.shareOfVoice.current), e.entity).toBe(naming.total);
      }
    },
  );

  it("a range adds its days, and a prompt's answers are its own", async () => {
    const [one, two, both] = await Promise.all([
      drill({ from: day1, to: day1 }),
      drill({ from: day2, to: day2 }),
      drill({ from: day1, to: day2 }),
    ]);
    expect(both.total).toBe(one.total + two.total);
    const page = await get("/answers", { from: day2, to: day2, limit: "1" });
    const [first] = page.data;
    const ofPrompt = await get("/answers", { from: day2, to: day2, prompt: first.promptId });
    expect(ofPrompt.total).toBeGreaterThan(0);
    for (const answer of ofPrompt.data) expect(answer.promptId).toBe(first.promptId);
  });

  it("a prompt's visibility per engine opens to its answers", async () => {
    const prompts = await t.server.ctx.prisma.prompt.findMany({
      where: { workspace: { slug } },
      select: { id: true },
    });
    for (const { id } of prompts) {
      const visibility = await get(`/prompts/${id}/visibility`, {});
      const own = {
        from: visibility.from,
        to: visibility.to,
        prompt: id,
        includeBrandResearch: "true",
      };
      for (const e of visibility.engines) {
        expect(e.visibility.n).toBe((await drill({ ...own, engine: e.engine })).total);
        const naming = await drill({
          ...own,
          engine: e.engine,
          match: "mentioned",
          entity: "self",
        });
        expect(e.mentioned).toBe(naming.total);
      }
    }
  });

  it("defaults to the latest day with data", async () => {
    const latest = await get("/answers", {});
    expect([latest.from, latest.to]).toEqual([day2, day2]);
    expect(latest.total).toBe((await drill({ from: day2, to: day2 })).total);
  });

  it("lists each cited page once, whatever tracking parameters the engines added", async () => {
    const prisma = t.server.ctx.prisma;
    const tagged = await prisma.citation.findMany({ where: { url: { contains: "utm_" } } });
    expect(tagged.length).toBeGreaterThan(0);
    for (const c of tagged) {
      expect(c.normalizedUrl).toBeTruthy();
      expect(c.normalizedUrl).not.toContain("utm_");
    }
    const sources = await get("/sources", { from: day1, to: day2 });
    for (const { domain } of sources.domains.slice(0, 5)) {
      const detail = await get(`/sources/${domain}`, { from: day1, to: day2 });
      const urls = detail.urls.map((u: any) => u.url);
      expect(urls.filter((u: string) => u.includes("utm_"))).toEqual([]);
      expect(new Set(urls).size).toBe(urls.length);
    }
  });

  it("the sources' counts open to their answers: a domain's, and each citing prompt's", async () => {
    const period = { from: day1, to: day2, includeBrandResearch: "true" };
    const sources = await get("/sources", { from: day1, to: day2, limit: "100" });
    expect(sources.domains.length).toBeGreaterThan(0);
    for (const { domain, count } of sources.domains) {
      expect(count, domain).toBe((await drill({ ...period, domain })).total);
      const detail = await get(`/sources/${domain}`, { from: day1, to: day2 });
      for (const prompt of detail.prompts) {
        const answers = await drill({ ...period, domain, prompt: prompt.promptId });
        expect(prompt.count, `${domain} ${prompt.text}`).toBe(answers.total);
      }
      for (const { url, count: citing } of detail.urls)
        expect(citing, url).toBe((await drill({ ...period, url })).total);
    }
    expect(sources.urls.length).toBeGreaterThan(0);
    for (const { url, count } of sources.urls)
      expect(count, url).toBe((await drill({ ...period, url })).total);
  });

  it("re-analysis gives answers stored before it their facts and normalised URLs", async () => {
    const prisma = t.server.ctx.prisma;
    const before = await Promise.all([
      drill({ from: day1, to: day1 }),
      drill({ from: day1, to: day1, match: "mentioned", entity: "self" }),
      drill({ from: day1, to: day1, match: "cited" }),
    ]);
    const { id: workspaceId } = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
    // As an earlier release left them: no facts, no normalised URLs, an older version.
    await prisma.$executeRawUnsafe(
      `DELETE FROM response_facts WHERE workspace_id = $1 AND day = $2::date`,
      workspaceId,
      day1,
    );
    await prisma.$executeRawUnsafe(
      `UPDATE citations SET normalized_url = NULL WHERE response_id IN (
         SELECT r.id FROM engine_responses r JOIN runs ON runs.id = r.run_id
         WHERE runs.workspace_id = $1 AND runs.created_at::date = $2::date)`,
      workspaceId,
      day1,
    );
    await asAnEarlierVersionLeftIt(workspaceId, day1);
    expect((await drill({ from: day1, to: day1 })).total).toBe(0);
    const result = await reanalyzeDay({ ctx: t.server.ctx, workspaceId, day: day1 });
    expect(result.done).toBe(true);
    expect(result.changed).toBe(result.answers);
    const after = await Promise.all([
      drill({ from: day1, to: day1 }),
      drill({ from: day1, to: day1, match: "mentioned", entity: "self" }),
      drill({ from: day1, to: day1, match: "cited" }),
    ]);
    expect(after.map((a) => a.total)).toEqual(before.map((b) => b.total));
    expect(await prisma.citation.count({ where: { normalizedUrl: null } })).toBe(0);
  });

  it("a new analysis version moves every answer's facts with it, changed or not", async () => {
    const prisma = t.server.ctx.prisma;
    const before = await drill({ from: day1, to: day1, includeBrandResearch: "true" });
    const { id: workspaceId } = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
    // As the release before one that changes no fact of these answers left them.
    await prisma.$executeRawUnsafe(
      `UPDATE response_facts SET analysis_version = analysis_version - 1
       WHERE workspace_id = $1 AND day = $2::date`,
      workspaceId,
      day1,
    );
    await asAnEarlierVersionLeftIt(workspaceId, day1);
    expect((await drill({ from: day1, to: day1, includeBrandResearch: "true" })).total).toBe(0);
    expect((await reanalyzeDay({ ctx: t.server.ctx, workspaceId, day: day1 })).done).toBe(true);
    const after = await drill({ from: day1, to: day1, includeBrandResearch: "true" });
    expect(after.total).toBe(before.total);
  });

  it("an answer whose prompt is gone leaves the drill-down with the rollups", async () => {
    const prisma = t.server.ctx.prisma;
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
    const gone = await prisma.prompt.findFirstOrThrow({
      where: { workspaceId: workspace.id, category: "discovery", language: "en" },
    });
    await prisma.prompt.delete({ where: { id: gone.id } });
    await markDayStale(t, workspace.id, day2);
    expect(
      (await reanalyzeDay({ ctx: t.server.ctx, workspaceId: workspace.id, day: day2 })).done,
    ).toBe(true);
    const metrics = await get("/metrics", { date: day2 });
    const all = await drill({ from: day2, to: day2 });
    expect(metrics.scoreboard.composite.n).toBe(all.total);
    expect((await drill({ from: day2, to: day2, prompt: gone.id })).total).toBe(0);
  });
});
