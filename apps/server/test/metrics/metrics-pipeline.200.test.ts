import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYSIS_VERSION } from "../../src/analysis/types.js";
import { bootstrapDeltas } from "../../src/metrics/bootstrap-deltas.js";
import { noComparison } from "../../src/metrics/composite-deltas.js";
import { loadPromptCells } from "../../src/services/metrics/load-prompt-cells.js";
import { filtersKey } from "../../src/services/metrics/metrics-filters.js";
import { loadMetricsScope } from "../../src/services/metrics/metrics-scope.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts } from "../runs/run-fixtures.js";
import { runAndWait, runAnswers, seedPrompt } from "./metrics-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let run1: any;
let run2: any;
const day1 = "2026-03-04";
const day2 = "2026-03-05";

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set(`${day1}T09:00:00.000Z`);
  cookie = await t.signIn("metrics-pipeline@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
  await seedPrompts(t, slug, 10);
  await seedPrompt(t, slug, "brand_research", "What do people say about acme?");
  // Another language and a region: rollup groups differ by both, reads sum them.
  await seedPrompt(t, slug, "discovery", "¿Qué herramienta de analítica recomiendas?", {
    language: "es",
    region: "us",
  });
  run1 = await runAndWait(t, slug, cookie);
  t.clock.set(`${day2}T09:00:00.000Z`);
  run2 = await runAndWait(t, slug, cookie);
}, 120_000);
afterAll(() => t.close());

const get = (path: string) =>
  t.request<any>("GET", `/api/v1/workspaces/${slug}${path}`, { cookie });

/** What the stored analyses say about a run's answers, recomputed here. */
async function expectedOf(runId: string, opts: { includeBrandResearch?: boolean } = {}) {
  const prisma = t.server.ctx.prisma;
  const answers = (await runAnswers(t, slug, runId, cookie)).filter(
    (a) => a.status === "succeeded",
  );
  const prompts = new Map(
    (await prisma.prompt.findMany({ where: { id: { in: answers.map((a) => a.promptId) } } })).map(
      (p) => [p.id, p.category],
    ),
  );
  const counted = answers.filter(
    (a) => opts.includeBrandResearch || prompts.get(a.promptId) !== "brand_research",
  );
  const mentions = await prisma.responseMention.findMany({
    where: { responseId: { in: counted.map((a) => a.responseId) } },
  });
  const mentioned = (entityId: string) => mentions.filter((m) => m.entityId === entityId).length;
  const allMentions = mentions.length;
  return {
    answers,
    counted,
    visibility: mentioned("self") / counted.length,
    shareOfVoice: allMentions > 0 ? mentioned("self") / allMentions : 0,
    mentions,
  };
}

describe("metrics after measurement runs on the simulated engine", () => {
  it("stores one analysis per answer and marks its version", async () => {
    const prisma = t.server.ctx.prisma;
    const responses = await prisma.engineResponse.findMany({ where: { runId: run1.runId } });
    expect(responses.length).toBe(24);
    for (const r of responses) expect(r.analysisVersion).toBe(ANALYSIS_VERSION);
    const citations = await prisma.citation.findMany({
      where: { responseId: { in: responses.map((r) => r.id) } },
    });
    expect(citations.length).toBeGreaterThan(0);
    for (const c of citations) expect(c.domain).toMatch(/\./);
  });

  it("GET /scoreboard: the latest day, brand metrics per engine consistent with the stored analyses", async () => {
    const response = await get("/scoreboard");
    expect(response.status).toBe(200);
    const expected = await expectedOf(run2.runId);
    const body = response.body;
    // Independent of the analyzer: the brand is a plain, unambiguous word here.
    const byText = expected.counted.filter((a) => /\bacme\b/i.test(a.answer)).length;
    expect(byText).toBeGreaterThan(0);
    expect(expected.visibility).toBeCloseTo(byText / expected.counted.length, 10);
    expect(body).toMatchObject({ brand: "acme", date: day2, composite: { entity: "acme" } });
    expect(body.composite.n).toBe(expected.counted.length);
    expect(body.composite.ciLow).toBeLessThanOrEqual(body.composite.value);
    expect(body.composite.ciHigh).toBeGreaterThanOrEqual(body.composite.value);
    expect(body.engines).toHaveLength(1);
    const simulated = body.engines[0];
    expect(simulated.engine).toBe("simulated");
    expect(simulated.metrics.responses).toBe(expected.counted.length);
    expect(simulated.metrics.visibility.value).toBeCloseTo(expected.visibility, 10);
    expect(simulated.metrics.visibility.n).toBe(expected.counted.length);
    expect(simulated.metrics.shareOfVoice.value).toBeCloseTo(expected.shareOfVoice, 10);
    expect(simulated.metrics.composite.value).toBeCloseTo(body.composite.value, 10);
  });

  it("GET /metrics: share of voice of every entity, top domains, latest runs, deltas", async () => {
    const response = await get("/metrics");
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.scoreboard.date).toBe(day2);
    expect(body.shareOfVoice.map((s: any) => [s.entity, s.isSelf])).toEqual([
      ["acme", true],
      ["Globex", false],
      ["Initech", false],
    ]);
    const expected = await expectedOf(run2.runId);
    const total = body.shareOfVoice.reduce((sum: number, s: any) => sum + s.value, 0);
    if (expected.mentions.length > 0) expect(total).toBeCloseTo(1, 10);
    expect(body.shareOfVoice[0].value).toBeCloseTo(expected.shareOfVoice, 10);

    // Domains: answers citing each domain, from the stored citation classes of the day's
    // answers the other numbers count (brand research left out).
    const prisma = t.server.ctx.prisma;
    const citations = await prisma.citation.findMany({
      where: { responseId: { in: expected.counted.map((a) => a.responseId) } },
    });
    const perDomain = new Map<string, Set<string>>();
    for (const c of citations) {
      if (!c.domain) continue;
      perDomain.set(c.domain, (perDomain.get(c.domain) ?? new Set()).add(c.responseId));
    }
    expect(body.topCitedDomains.length).toBe(Math.min(10, perDomain.size));
    for (const d of body.topCitedDomains) {
      expect(d.count).toBe(perDomain.get(d.domain)?.size);
      expect(typeof d.taxonomy).toBe("string");
    }
    const acme = body.topCitedDomains.find((d: any) => d.domain === "acme.com");
    if (acme) expect(acme.taxonomy).toBe("owned");

    expect(body.latestRun).toMatchObject({
      date: day2,
      preset: "standard",
      status: "succeeded",
      runIds: [run2.runId],
      enginesCovered: 1,
      responseCount: 24,
    });
    expect(body.latestRun.totalCostUsd).toBeCloseTo(run2.costMicrousd / 1e6, 10);
    expect(body.recentRuns.map((r: any) => r.date)).toEqual([day2, day1]);
    // The derivation job queued by each run may or may not have run yet (its counts:
    // test/recommendations/pending-recommendations.200.test.ts); nothing is flagged without
    // a compliance profile.
    expect(body.pendingRecommendations).toEqual({
      proposed: expect.any(Number),
      complianceFlagged: 0,
    });

    const first = await get(`/scoreboard?date=${day1}`);
    expect(first.body.date).toBe(day1);
    // The first day has nothing to compare with: 0 in deltas, null days in comparisons.
    expect(first.body.composite.deltas).toEqual({ previous: 0, "7d": 0, "28d": 0 });
    const none = noComparison;
    expect(first.body.composite.comparisons).toEqual({ previous: none, "7d": none, "28d": none });
    const { deltas, comparisons } = body.scoreboard.composite;
    expect(deltas.previous).toBeCloseTo(
      body.scoreboard.composite.value - first.body.composite.value,
      10,
    );
    // The same prompts both days: the paired bootstrap; the interval holds the delta.
    expect(comparisons.previous).toMatchObject({
      date: day1,
      delta: deltas.previous,
      method: "paired-cluster-bootstrap",
    });
    const { ciLow, ciHigh, significant } = comparisons.previous;
    expect(ciLow).toBeLessThanOrEqual(deltas.previous + 1e-9);
    expect(ciHigh).toBeGreaterThanOrEqual(deltas.previous - 1e-9);
    expect(significant).toBe(ciLow > 0 || ciHigh < 0);
    expect(deltas["7d"]).toBe(0);
    expect(comparisons["7d"]).toEqual(none);
  });

  it("computes the delta's interval as the pure bootstrap does on the days' full cells", async () => {
    const ctx = t.server.ctx;
    const workspaceId = (await ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } })).id;
    const scope = await loadMetricsScope(ctx, workspaceId);
    const load = (day: string) =>
      loadPromptCells({ ctx, workspaceId, version: ANALYSIS_VERSION, day, filters: {} });
    const expected = bootstrapDeltas({
      before: await load(day1),
      after: await load(day2),
      entities: scope.entities,
      weights: scope.weights,
      seed: `${workspaceId}:${day2}:${filtersKey({})}`,
    })?.entities.find((e) => e.entityId === scope.entities.find((s) => s.isSelf)?.id)?.composite;
    const actual = (await get(`/scoreboard?date=${day2}`)).body.composite.comparisons.previous;
    expect(expected).toBeDefined();
    expect(actual.delta).toBeCloseTo(expected?.delta ?? Number.NaN, 9);
    expect(actual.ciLow).toBeCloseTo(expected?.ciLow ?? Number.NaN, 9);
    expect(actual.ciHigh).toBeCloseTo(expected?.ciHigh ?? Number.NaN, 9);
    expect(actual.significant).toBe(expected?.significant);
    expect(actual.method).toBe(expected?.method);
  });

  it("gives the same intervals for the same data (seeded bootstrap)", async () => {
    const a = await get(`/scoreboard?date=${day1}`);
    const b = await get(`/metrics?date=${day1}`);
    expect(b.body.scoreboard).toEqual(a.body);
  });

  it("filters by engine, category and language, and includes brand_research on request", async () => {
    const none = await get(`/scoreboard?engine=openai`);
    expect(none.status).toBe(200);
    expect(none.body.composite.n).toBe(0);
    expect(none.body.engines).toEqual([]);

    const discovery = await get(`/scoreboard?category=discovery`);
    const expected = await expectedOf(run2.runId);
    const prisma = t.server.ctx.prisma;
    const discoveryPrompts = new Set(
      (await prisma.prompt.findMany({ where: { category: "discovery" } })).map((p) => p.id),
    );
    expect(discovery.body.composite.n).toBe(
      expected.answers.filter((a) => discoveryPrompts.has(a.promptId)).length,
    );

    const spanish = await get(`/scoreboard?language=es`);
    const inUs = await get(`/scoreboard?region=us`);
    expect(spanish.body.composite.n).toBe(2); // one prompt, two repetitions
    expect(inUs.body).toEqual(spanish.body);

    const french = await get(`/metrics?language=fr`);
    expect(french.body.shareOfVoice).toEqual(
      french.body.shareOfVoice.map((s: any) => ({ ...s, n: 0 })),
    );
    expect(french.body.scoreboard.composite.n).toBe(0);

    const withResearch = await get(`/scoreboard?includeBrandResearch=true`);
    const all = await expectedOf(run2.runId, { includeBrandResearch: true });
    expect(withResearch.body.composite.n).toBe(all.counted.length);
    expect(withResearch.body.engines[0].metrics.visibility.value).toBeCloseTo(all.visibility, 10);
  });

  it("filters by surface, and the composite says which surfaces it pools", async () => {
    const all = await get(`/scoreboard`);
    // The simulated engine reads as a developer API.
    expect(all.body.composite.surfaces).toEqual(["api"]);
    const api = await get(`/scoreboard?surface=api`);
    expect(api.status).toBe(200);
    expect(api.body.composite).toMatchObject({
      value: all.body.composite.value,
      n: all.body.composite.n,
      surfaces: ["api"],
    });
    expect(api.body.engines.map((e: any) => e.engine)).toEqual(["simulated"]);
    for (const surface of ["search_page", "consumer_app"]) {
      const none = await get(`/metrics?surface=${surface}`);
      expect(none.status).toBe(200);
      expect(none.body.scoreboard.composite).toMatchObject({ n: 0, surfaces: [] });
      expect(none.body.scoreboard.engines).toEqual([]);
      expect(none.body.topCitedDomains).toEqual([]);
      const series = await get(`/metrics/timeseries?from=${day1}&to=${day2}&surface=${surface}`);
      expect(series.status).toBe(200);
      for (const s of series.body.series) expect(s.points).toEqual([]);
      const changes = await get(`/metrics/changes?from=${day1}&to=${day2}&surface=${surface}`);
      expect(changes.status).toBe(200);
      expect(changes.body.data).toEqual([]);
    }
    const unknown = await get(`/scoreboard?surface=app`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.fields).toEqual([
      expect.objectContaining({ field: "query.surface", rule: "enum" }),
    ]);
  });

  it("GET /metrics/timeseries: one point per day, equal to the metrics of that day", async () => {
    const response = await get(`/metrics/timeseries?from=2026-03-01&to=2026-03-31`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ from: "2026-03-01", to: "2026-03-31" });
    const self = response.body.series.find((s: any) => s.entityId === "self" && s.engine === "all");
    expect(self).toMatchObject({ entity: "acme", isSelf: true });
    expect(self.points.map((p: any) => p.date)).toEqual([day1, day2]);
    for (const point of self.points) {
      const board = await get(`/scoreboard?date=${point.date}`);
      expect(point.responses).toBe(board.body.composite.n);
      expect(point.composite).toBeCloseTo(board.body.composite.value, 10);
      expect(point.visibility).toBeCloseTo(board.body.engines[0].metrics.visibility.value, 10);
    }
    const engines = new Set(response.body.series.map((s: any) => s.engine));
    expect(engines).toEqual(new Set(["all", "simulated"]));

    const one = await get(
      `/metrics/timeseries?from=${day2}&to=${day2}&entity=self&engine=simulated`,
    );
    expect(one.body.series.map((s: any) => [s.entityId, s.engine])).toEqual([
      ["self", "all"],
      ["self", "simulated"],
    ]);
    expect(one.body.series[0].points).toHaveLength(1);
  });

  it("keeps the group rollups equal to the per-prompt rollups summed", async () => {
    const prisma = t.server.ctx.prisma;
    const groupsOfCells = `SELECT workspace_id, analysis_version, day, engine, category, language,
        coalesce(region, '') AS region, sum(responses)::int, sum(responses_with_citations)::int
      FROM metric_cells GROUP BY 1, 2, 3, 4, 5, 6, 7`;
    const groups = `SELECT workspace_id, analysis_version, day, engine, category, language, region,
        responses, responses_with_citations FROM metric_groups`;
    const groupsOfEntities = `SELECT workspace_id, analysis_version, day, engine, category, language,
        coalesce(region, '') AS region, entity_id, sum(mentioned_responses)::int,
        sum(mention_count)::int, sum(rank_sum)::int, sum(cited_responses)::int,
        sum(positive_responses)::int, sum(negative_responses)::int
      FROM metric_entity_counts GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`;
    const groupEntities = `SELECT workspace_id, analysis_version, day, engine, category, language,
        region, entity_id, mentioned_responses, mention_count, rank_sum, cited_responses,
        positive_responses, negative_responses FROM metric_group_entity_counts`;
    const differing = async (a: string, b: string) =>
      (
        await prisma.$queryRawUnsafe<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM ((${a}) EXCEPT (${b})) AS x`,
        )
      )[0]?.n;
    expect(await prisma.metricGroup.count()).toBeGreaterThan(0);
    expect(await differing(groupsOfCells, groups)).toBe(0);
    expect(await differing(groups, groupsOfCells)).toBe(0);
    expect(await differing(groupsOfEntities, groupEntities)).toBe(0);
    expect(await differing(groupEntities, groupsOfEntities)).toBe(0);
  });
});
