import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYSIS_VERSION } from "../../src/analysis/types.js";
import { createSimulatedEngine } from "../../src/engines/simulated/simulated-engine.js";
import { computeMetrics } from "../../src/metrics/compute-metrics.js";
import {
  buildAnalyzer,
  loadAnalysisSubject,
} from "../../src/services/analysis/analysis-subject.js";
import { type AnalysedAnswer, buildRollupRows } from "../../src/services/analysis/rollup-rows.js";
import { addRollupRows, lockMetricDay } from "../../src/services/analysis/write-rollups.js";
import { loadPromptCells } from "../../src/services/metrics/load-prompt-cells.js";
import { filtersKey, type MetricsFilters } from "../../src/services/metrics/metrics-filters.js";
import { loadMetricsScope } from "../../src/services/metrics/metrics-scope.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call, competitor } from "../workspace-config/config-fixtures.js";
import { seedPrompt } from "./metrics-fixtures.js";

// The time series reads sums per (day, engine) and computes point values only;
// the metrics route reads per-prompt cells and runs the bootstrap. Here both
// must give exactly the same values (not close: equal) on a realistic
// workspace: the brand and four competitors, 5 engines, prompts of every
// category (brand research too) in two languages and a region, answers from
// the simulated engine analysed by the real analyzer and rolled up by the
// pipeline's own functions, over several days with gaps.
const ENGINES = ["anthropic", "exa", "gemini", "openai", "perplexity"];
const CATEGORIES = ["discovery", "problem_solution", "use_case", "comparison", "expert"];
const DAYS = ["2026-04-01", "2026-04-02", "2026-04-04", "2026-04-09", "2026-04-10"];

let t: TestServer;
let cookie: string;
let slug: string;
let workspaceId: string;

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set("2026-04-10T12:00:00.000Z");
  cookie = await t.signIn("timeseries-points@example.com");
  // Competitors given at creation: a later change would queue a re-analysis.
  slug = await t.createWorkspace(cookie, {
    brand: "acme",
    competitors: ["Globex", "Initech", "Hooli", "Umbrella"].map((name) => competitor(name)),
  });
  for (let i = 0; i < 40; i++) {
    const category = i % 10 === 9 ? "brand_research" : (CATEGORIES[i % 5] as string);
    const where = i % 4 === 3 ? { language: "es", region: "us" } : {};
    await seedPrompt(
      t,
      slug,
      category,
      `Which analytics tool suits team ${i}? acme or Globex?`,
      where,
    );
  }
  const prisma = t.server.ctx.prisma;
  workspaceId = (await prisma.workspace.findUniqueOrThrow({ where: { slug } })).id;
  const prompts = await prisma.prompt.findMany({ where: { workspaceId } });
  const subject = await loadAnalysisSubject(prisma, workspaceId);
  const analyzer = buildAnalyzer(subject);
  const engine = createSimulatedEngine();
  const context = {
    brand: "acme",
    brandDomains: ["acme.com"],
    competitors: subject.entities
      .filter((e) => !e.isSelf)
      .map((e) => ({ name: e.name, domains: e.domains, aliases: e.aliases })),
    language: "en",
    region: null,
  };
  for (const day of DAYS) {
    const analysed: AnalysedAnswer[] = [];
    for (const prompt of prompts) {
      // Not every engine answers every prompt every day.
      for (const engineId of ENGINES.filter((_, k) => (prompt.text.length + k + day.length) % 7)) {
        const answer = await engine.ask({
          prompt: prompt.text,
          model: "sim",
          seed: `${day}:${prompt.id}:${engineId}`,
          context,
        });
        analysed.push({
          day,
          engine: engineId,
          promptId: prompt.id,
          category: prompt.category,
          language: prompt.language,
          region: prompt.region,
          analysis: analyzer.analyze({
            answer: answer.answer,
            citations: answer.citations,
            language: prompt.language,
          }),
        });
      }
    }
    await prisma.$transaction(async (tx) => {
      const version = ANALYSIS_VERSION;
      await lockMetricDay(tx, { workspaceId, version, day, now: t.clock.now() });
      await addRollupRows(tx, { workspaceId, version, rows: buildRollupRows(analysed) });
    });
  }
}, 120_000);
afterAll(() => t.close());

/** The general path: per-prompt cells of each day through computeMetrics, as points. */
async function expectedSeries(filters: MetricsFilters, entity?: string) {
  const ctx = t.server.ctx;
  const scope = await loadMetricsScope(ctx, workspaceId);
  const series = new Map<string, { entityId: string; engine: string; points: unknown[] }>();
  for (const day of DAYS) {
    const cells = await loadPromptCells({
      ctx,
      workspaceId,
      version: scope.version,
      day,
      filters,
    });
    const snapshot = computeMetrics({
      cells,
      entities: scope.entities,
      weights: scope.weights,
      includeBrandResearch: filters.includeBrandResearch ?? false,
      seed: `${day}:${filtersKey(filters)}`,
    });
    const scopes = [
      { engine: "all", responses: snapshot.responses, entities: snapshot.entities },
      ...snapshot.engines,
    ];
    for (const s of scopes) {
      if (s.responses === 0) continue;
      for (const m of s.entities) {
        if (entity && m.entityId !== entity) continue;
        const key = `${m.entityId}/${s.engine}`;
        const one = series.get(key) ?? { entityId: m.entityId, engine: s.engine, points: [] };
        one.points.push({
          date: day,
          responses: s.responses,
          visibility: m.visibility.value,
          shareOfVoice: m.shareOfVoice.value,
          citationShare: m.citationShare.value,
          averagePosition: m.averagePosition,
          composite: m.composite.value,
          recommendationRate: m.recommendationRate.value,
          shortlistShare: m.shortlistShare.value,
        });
        series.set(key, one);
      }
    }
  }
  return series;
}

describe("GET /metrics/timeseries: the point-only path equals the general path", () => {
  const cases: Array<[string, MetricsFilters, string?]> = [
    ["", {}],
    ["includeBrandResearch=true", { includeBrandResearch: true }],
    ["category=comparison", { category: "comparison" }],
    ["language=es&engine=gemini", { language: "es", engine: "gemini" }],
    ["region=us&includeBrandResearch=true", { region: "us", includeBrandResearch: true }],
    ["entity=self", {}, "self"],
  ];
  for (const [query, filters, entity] of cases) {
    it(`exactly equal values on every day, entity and engine (${query || "no filter"})`, async () => {
      const response = await call(
        t,
        { cookie },
        "GET",
        slug,
        `/metrics/timeseries?from=2026-03-31&to=2026-04-10${query ? `&${query}` : ""}`,
      );
      expect(response.status, response.text).toBe(200);
      const expected = await expectedSeries(filters, entity);
      expect(expected.size).toBeGreaterThan(0);
      expect(response.body.series).toHaveLength(expected.size);
      for (const s of response.body.series) {
        // The point values; `change` (detected changes) has its own tests (metric-changes.*).
        const values = s.points.map(({ change, ...point }: { change: unknown }) => point);
        expect(values).toEqual(expected.get(`${s.entityId}/${s.engine}`)?.points);
      }
    });
  }

  it("the fixture is not degenerate: several engines, competitors mentioned and cited", async () => {
    const series = await expectedSeries({});
    expect(new Set([...series.values()].map((s) => s.engine)).size).toBe(ENGINES.length + 1);
    const points = [...series.values()].flatMap((s) => s.points) as Array<{
      shareOfVoice: number;
      citationShare: number;
      averagePosition: number | null;
    }>;
    expect(points.some((p) => p.shareOfVoice > 0 && p.shareOfVoice < 1)).toBe(true);
    expect(points.some((p) => p.citationShare > 0)).toBe(true);
    expect(points.some((p) => (p.averagePosition ?? 0) > 1)).toBe(true);
  });
});
