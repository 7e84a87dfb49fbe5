import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYSIS_VERSION } from "../../src/analysis/types.js";
import { bootstrapDeltas } from "../../src/metrics/bootstrap-deltas.js";
import { noComparisons } from "../../src/metrics/composite-deltas.js";
import { Rng } from "../../src/prng.js";
import { loadPromptCells } from "../../src/services/metrics/load-prompt-cells.js";
import { filtersKey } from "../../src/services/metrics/metrics-filters.js";
import { loadMetricsScope, type MetricsScope } from "../../src/services/metrics/metrics-scope.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call, competitor } from "../workspace-config/config-fixtures.js";
import { seedPrompt } from "./metrics-fixtures.js";
import { writeSimulatedDay } from "./simulated-rollups.js";

// Each entity's visibility and share of voice carry their comparisons on the
// metrics route (engines pooled) and the brand's on each engine of the
// scoreboard. Seeded answers from known true rates, written as rollups: between
// the two days Globex's true visibility jumps 0.20 → 0.60 and Initech's stays
// 0.40; the brand's jumps 0.30 → 0.80 on openai and stays 0.30 on perplexity;
// gemini answers a few prompts on the second day only. 40 prompts × 2
// repetitions per engine. A server that caches nothing: every request computes.
const DAY0 = "2026-05-01";
const DAY1 = "2026-05-08"; // the previous day with data, and exactly 7 days later

let t: TestServer;
let cookie: string;
let slug: string;
let scope: MetricsScope;
let ids: { globex: string; initech: string };

function rateOf(day: string) {
  return (entityId: string, engine: string): number => {
    const later = day === DAY1;
    if (entityId === "self") return later && engine === "openai" ? 0.8 : 0.3;
    if (entityId === ids.globex) return later ? 0.6 : 0.2;
    return 0.4;
  };
}

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_METRICS_CACHE_ENTRIES: "0" } });
  t.clock.set(`${DAY1}T12:00:00.000Z`);
  cookie = await t.signIn("entity-significance@example.com");
  slug = await t.createWorkspace(cookie, {
    brand: "acme",
    competitors: ["Globex", "Initech"].map((name) => competitor(name)),
  });
  for (let i = 0; i < 40; i++) await seedPrompt(t, slug, "discovery", `Best tool for team ${i}?`);
  const prisma = t.server.ctx.prisma;
  const workspaceId = (await prisma.workspace.findUniqueOrThrow({ where: { slug } })).id;
  scope = await loadMetricsScope(t.server.ctx, workspaceId);
  const idOf = (name: string) => scope.entities.find((e) => e.name === name)?.id ?? "";
  ids = { globex: idOf("Globex"), initech: idOf("Initech") };
  const prompts = await prisma.prompt.findMany({ where: { workspaceId }, orderBy: { id: "asc" } });
  const rng = Rng.fromString("entity-significance");
  for (const day of [DAY0, DAY1]) {
    await writeSimulatedDay(
      t,
      workspaceId,
      {
        day,
        prompts,
        engines: (p) =>
          day === DAY1 && p < 5 ? ["openai", "perplexity", "gemini"] : ["openai", "perplexity"],
        repetitions: 2,
        rate: rateOf(day),
        entityIds: scope.entities.map((e) => e.id),
      },
      rng.derive(day),
    );
  }
}, 120_000);
afterAll(() => t.close());

const get = (path: string) => call(t, { cookie }, "GET", slug, path);

/** What the pure bootstrap gives on the days' full prompt cells (seed as documented). */
async function expectedDeltas(engine?: string) {
  const ctx = t.server.ctx;
  const { workspaceId } = scope;
  const load = (day: string) =>
    loadPromptCells({ ctx, workspaceId, version: ANALYSIS_VERSION, day, filters: {} });
  const result = bootstrapDeltas({
    before: await load(DAY0),
    after: await load(DAY1),
    entities: scope.entities,
    weights: scope.weights,
    engine,
    seed: `${workspaceId}:${DAY1}:${filtersKey({})}`,
  });
  return new Map(result?.entities.map((e) => [e.entityId, e]));
}

describe("significance of each entity's visibility and share of voice", () => {
  it("GET /metrics: every entity's share of voice and visibility compared with the composite's days", async () => {
    const response = await get("/metrics");
    expect(response.status, response.text).toBe(200);
    const body = response.body;
    expect(body.scoreboard.date).toBe(DAY1);
    const dates = (c: any) => [c.previous.date, c["7d"].date, c["28d"].date];
    expect(dates(body.scoreboard.composite.comparisons)).toEqual([DAY0, DAY0, null]);
    const byName = new Map(body.shareOfVoice.map((s: any) => [s.entity, s]));
    expect([...byName.keys()]).toEqual(["acme", "Globex", "Initech"]);
    for (const s of body.shareOfVoice) {
      expect(dates(s.comparisons)).toEqual([DAY0, DAY0, null]);
      expect(dates(s.visibility.comparisons)).toEqual([DAY0, DAY0, null]);
      expect(s.visibility.n).toBe(body.scoreboard.composite.n);
    }
    const globex: any = byName.get("Globex");
    const initech: any = byName.get("Initech");
    // Globex: +40 points of true visibility, flagged; its share of voice rises with it.
    expect(globex.visibility.comparisons.previous).toMatchObject({
      significant: true,
      method: "paired-cluster-bootstrap",
    });
    expect(globex.visibility.comparisons.previous.delta).toBeGreaterThan(0.25);
    expect(globex.visibility.comparisons.previous.ciLow).toBeGreaterThan(0);
    expect(globex.comparisons.previous).toMatchObject({ significant: true });
    expect(globex.comparisons.previous.delta).toBeGreaterThan(0);
    // Initech: no change in truth, not flagged; the interval holds 0.
    const still = initech.visibility.comparisons.previous;
    expect(still.significant).toBe(false);
    expect(still.ciLow).toBeLessThan(0);
    expect(still.ciHigh).toBeGreaterThan(0);
    expect(initech.visibility.comparisons["28d"]).toEqual(noComparisons["28d"]);

    // Each delta is the difference of the days' values, with the pure bootstrap's interval.
    const before = (await get(`/metrics?date=${DAY0}`)).body;
    const expected = await expectedDeltas();
    body.shareOfVoice.forEach((s: any, i: number) => {
      const then = before.shareOfVoice[i];
      const want = expected.get(scope.entities[i]?.id ?? "");
      expect(s.visibility.comparisons.previous.delta).toBeCloseTo(
        s.visibility.value - then.visibility.value,
        12,
      );
      expect(s.comparisons.previous.delta).toBeCloseTo(s.value - then.value, 12);
      expect(s.visibility.comparisons.previous).toEqual({ date: DAY0, ...want?.visibility });
      expect(s.comparisons["7d"]).toEqual({ date: DAY0, ...want?.shareOfVoice });
    });
  });

  it("GET /scoreboard: the brand's visibility and share of voice compared on each engine alone", async () => {
    const response = await get("/scoreboard");
    expect(response.status, response.text).toBe(200);
    const engines = new Map(response.body.engines.map((e: any) => [e.engine, e.metrics]));
    expect([...engines.keys()]).toEqual(["gemini", "openai", "perplexity"]);
    const openai: any = engines.get("openai");
    const perplexity: any = engines.get("perplexity");
    expect(openai.visibility.comparisons.previous).toMatchObject({ date: DAY0, significant: true });
    expect(openai.visibility.comparisons.previous.delta).toBeGreaterThan(0.3);
    expect(perplexity.visibility.comparisons.previous).toMatchObject({
      date: DAY0,
      significant: false,
    });
    // gemini has no answers on the comparison day: nothing to compare.
    const gemini: any = engines.get("gemini");
    expect(gemini.visibility.comparisons).toEqual(noComparisons);
    expect(gemini.shareOfVoice.comparisons).toEqual(noComparisons);
    for (const engine of ["openai", "perplexity"]) {
      const want = (await expectedDeltas(engine)).get("self");
      const metrics: any = engines.get(engine);
      expect(metrics.visibility.comparisons["7d"]).toEqual({ date: DAY0, ...want?.visibility });
      expect(metrics.shareOfVoice.comparisons.previous).toEqual({
        date: DAY0,
        ...want?.shareOfVoice,
      });
    }
  });

  it("compares nothing on the first day, nor where the filters leave no answers", async () => {
    const first = (await get(`/metrics?date=${DAY0}`)).body;
    expect(first.shareOfVoice).toHaveLength(3);
    for (const s of first.shareOfVoice) {
      expect(s.comparisons).toEqual(noComparisons);
      expect(s.visibility.comparisons).toEqual(noComparisons);
    }
    for (const e of first.scoreboard.engines) {
      expect(e.metrics.visibility.comparisons).toEqual(noComparisons);
      expect(e.metrics.shareOfVoice.comparisons).toEqual(noComparisons);
    }
    const none = (await get("/metrics?engine=anthropic")).body;
    expect(none.scoreboard.composite.n).toBe(0);
    for (const s of none.shareOfVoice) expect(s.visibility.comparisons).toEqual(noComparisons);
  });

  it("one engine: the same interval pooled and on the engine", async () => {
    const body = (await get("/metrics?engine=openai")).body;
    const self = body.shareOfVoice.find((s: any) => s.isSelf);
    const [openai] = body.scoreboard.engines;
    expect(openai.engine).toBe("openai");
    expect(openai.metrics.visibility.comparisons).toEqual(self.visibility.comparisons);
    expect(openai.metrics.shareOfVoice.comparisons).toEqual(self.comparisons);
    expect(self.visibility.comparisons.previous.significant).toBe(true);
  });

  it("gives the same intervals for the same data (seeded), on every request", async () => {
    const a = await get("/metrics");
    const b = await get("/metrics");
    expect(b.body).toEqual(a.body);
    const board = await get("/scoreboard");
    expect(board.body).toEqual(a.body.scoreboard);
  });
});
