import { describe, expect, it } from "vitest";
import type { EntityCounts, MetricsSnapshot, PromptCell } from "../../src/metrics/aggregates.js";
import { computeMetrics } from "../../src/metrics/compute-metrics.js";
import { wilsonInterval } from "../../src/metrics/intervals.js";

const counts = (m: number, count: number, rankSum: number, cited: number, pos = 0, neg = 0) =>
  ({
    mentionedResponses: m,
    mentionCount: count,
    rankSum,
    citedResponses: cited,
    positiveResponses: pos,
    negativeResponses: neg,
    recommendedResponses: 0,
    shortlistedResponses: 0,
    discouragedResponses: 0,
  }) satisfies EntityCounts;

const cell = (
  promptId: string,
  engine: string,
  responses: number,
  responsesWithCitations: number,
  entities: PromptCell["entities"],
  category = "discovery",
): PromptCell => ({ promptId, engine, category, responses, responsesWithCitations, entities });

/** Hand-made cells; the expected numbers below are worked out by hand. */
const cells: PromptCell[] = [
  cell("p1", "openai", 2, 1, { brand: counts(2, 3, 3, 1, 1, 0), c1: counts(1, 1, 1, 0, 0, 1) }),
  cell("p1", "gemini", 1, 1, {
    brand: counts(0, 0, 0, 0),
    c1: counts(1, 2, 1, 1, 1),
    c2: counts(1, 1, 2, 0),
  }),
  cell("p2", "openai", 2, 0, { brand: counts(1, 1, 1, 0, 0, 1), c2: counts(2, 2, 3, 0, 1, 0) }),
  cell("p3", "openai", 1, 1, { brand: counts(1, 5, 1, 1, 1) }, "brand_research"),
];
const entities = [
  { id: "brand", isSelf: true },
  { id: "c1", isSelf: false },
  { id: "c2", isSelf: false },
];
const weights = { visibility: 0.4, shareOfVoice: 0.3, position: 0.2, citation: 0.1 };
const compute = (extra: Partial<Parameters<typeof computeMetrics>[0]> = {}) =>
  computeMetrics({ cells, entities, weights, seed: "seed-1", resamples: 200, ...extra });

const entity = (list: MetricsSnapshot["entities"], id: string) => {
  const found = list.find((e) => e.entityId === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe("computeMetrics: definitions on hand-made cells", () => {
  const snapshot = compute();

  it("pools every engine and leaves brand_research out by default", () => {
    expect(snapshot.responses).toBe(5);
    expect(snapshot.prompts).toBe(2);
    expect(snapshot.entities.map((e) => e.entityId)).toEqual(["brand", "c1", "c2"]);
    expect(snapshot.engines.map((e) => [e.engine, e.responses])).toEqual([
      ["gemini", 1],
      ["openai", 4],
    ]);
  });

  it("visibility, share of voice, citation share, position, mentions, sentiment, composite (overall)", () => {
    const brand = entity(snapshot.entities, "brand");
    expect(brand.isSelf).toBe(true);
    expect(brand.visibility).toMatchObject({ value: 3 / 5, n: 5 });
    expect(brand.shareOfVoice).toMatchObject({ value: 3 / 8, n: 8 });
    expect(brand.citationShare).toMatchObject({ value: 1 / 2, n: 2 });
    expect(brand.averagePosition).toBeCloseTo(4 / 3, 12);
    expect(brand.mentionCount).toBe(4);
    expect(brand.sentiment).toBe(0.5);
    // positionScore = 3² / (5 · 4) = 0.45
    expect(brand.composite.value).toBeCloseTo(
      100 * (0.4 * 0.6 + 0.3 * 0.375 + 0.2 * 0.45 + 0.1 * 0.5),
      10,
    );
    expect(brand.composite.n).toBe(5);

    const c1 = entity(snapshot.entities, "c1");
    expect([c1.visibility.value, c1.shareOfVoice.value, c1.citationShare.value]).toEqual([
      0.4, 0.25, 0.5,
    ]);
    expect(c1.averagePosition).toBe(1);
    expect(c1.sentiment).toBe(0.5);
    expect(c1.composite.value).toBeCloseTo(36.5, 10);

    const c2 = entity(snapshot.entities, "c2");
    expect([c2.visibility.value, c2.shareOfVoice.value, c2.citationShare.value]).toEqual([
      0.6, 0.375, 0,
    ]);
    expect(c2.averagePosition).toBeCloseTo(5 / 3, 12);
    expect(c2.sentiment).toBe(1);
    expect(c2.composite.value).toBeCloseTo(42.45, 10);
  });

  it("share of voice sums to 1 over the tracked entities", () => {
    const total = snapshot.entities.reduce((s, e) => s + e.shareOfVoice.value, 0);
    expect(total).toBeCloseTo(1, 12);
  });

  it("per engine: the same definitions on that engine's cells", () => {
    const openai = snapshot.engines.find((e) => e.engine === "openai");
    const gemini = snapshot.engines.find((e) => e.engine === "gemini");
    if (!openai || !gemini) throw new Error("engines missing");
    const brand = entity(openai.entities, "brand");
    expect([brand.visibility.value, brand.shareOfVoice.value, brand.citationShare.value]).toEqual([
      0.75, 0.5, 1,
    ]);
    expect(brand.composite.value).toBeCloseTo(66.25, 10);

    const absent = entity(gemini.entities, "brand");
    // 0 of 1 answers: Wilson still gives an upper bound, z² / (1 + z²).
    expect(absent.visibility).toEqual({
      value: 0,
      ciLow: 0,
      ciHigh: wilsonInterval(0, 1)[1],
      n: 1,
    });
    expect(absent.visibility.ciHigh).toBeCloseTo(0.79345, 5);
    expect(absent.averagePosition).toBeNull();
    expect(absent.sentiment).toBeNull();
    expect(absent.composite.value).toBe(0);
    const c1 = entity(gemini.entities, "c1");
    expect(c1.shareOfVoice.value).toBe(0.5);
    expect(c1.composite.value).toBeCloseTo(85, 10);
  });

  it("one engine on fewer than 30 prompts: visibility and citation share use Wilson", () => {
    const openai = snapshot.engines.find((e) => e.engine === "openai");
    const brand = entity(openai?.entities ?? [], "brand");
    const [low, high] = wilsonInterval(3, 4);
    expect(brand.visibility.ciLow).toBeCloseTo(low, 12);
    expect(brand.visibility.ciHigh).toBeCloseTo(high, 12);
    const [cLow, cHigh] = wilsonInterval(1, 1);
    expect([brand.citationShare.ciLow, brand.citationShare.ciHigh]).toEqual([cLow, cHigh]);
  });

  it("includes brand_research cells on request", () => {
    const all = compute({ includeBrandResearch: true });
    expect(all.responses).toBe(6);
    expect(all.prompts).toBe(3);
    const brand = entity(all.entities, "brand");
    expect(brand.visibility.value).toBeCloseTo(4 / 6, 12);
    expect(brand.shareOfVoice.value).toBeCloseTo(4 / 9, 12);
    expect(brand.citationShare.value).toBeCloseTo(2 / 3, 12);
    expect(brand.mentionCount).toBe(9);
  });

  it("every interval contains its point estimate and stays in range", () => {
    for (const list of [snapshot.entities, ...snapshot.engines.map((e) => e.entities)]) {
      for (const e of list) {
        for (const est of [e.visibility, e.shareOfVoice, e.citationShare]) {
          expect(est.ciLow).toBeLessThanOrEqual(est.value);
          expect(est.ciHigh).toBeGreaterThanOrEqual(est.value);
          expect(est.ciLow).toBeGreaterThanOrEqual(0);
          expect(est.ciHigh).toBeLessThanOrEqual(1);
        }
        expect(e.composite.ciLow).toBeLessThanOrEqual(e.composite.value);
        expect(e.composite.ciHigh).toBeLessThanOrEqual(100);
      }
    }
  });
});

describe("computeMetrics: edge cases", () => {
  it("no cells: zeros, empty engines, n 0", () => {
    const empty = computeMetrics({ cells: [], entities, weights, seed: "s" });
    expect(empty.responses).toBe(0);
    expect(empty.prompts).toBe(0);
    expect(empty.engines).toEqual([]);
    const zero = { value: 0, ciLow: 0, ciHigh: 0, n: 0 };
    expect(entity(empty.entities, "brand")).toEqual({
      entityId: "brand",
      isSelf: true,
      visibility: zero,
      shareOfVoice: zero,
      citationShare: zero,
      averagePosition: null,
      mentionCount: 0,
      sentiment: null,
      composite: zero,
      recommendationRate: zero,
      shortlistShare: zero,
    });
  });

  it("weights need not sum to 1; all-zero weights give composite 0; negative weights throw", () => {
    const equal = compute({
      weights: { visibility: 1, shareOfVoice: 1, position: 1, citation: 1 },
    });
    expect(entity(equal.entities, "brand").composite.value).toBeCloseTo(
      25 * (0.6 + 0.375 + 0.45 + 0.5),
      10,
    );
    const none = compute({ weights: { visibility: 0, shareOfVoice: 0, position: 0, citation: 0 } });
    expect(entity(none.entities, "brand").composite.value).toBe(0);
    expect(() => compute({ weights: { ...weights, citation: -1 } })).toThrow(RangeError);
    expect(() => compute({ resamples: 0 })).toThrow(RangeError);
  });

  it("ignores counts of untracked entities and sums cells of the same prompt and engine", () => {
    const split = [
      cell("p1", "openai", 1, 1, { brand: counts(1, 1, 1, 1), ghost: counts(1, 1, 1, 1) }),
      cell("p1", "openai", 1, 0, { brand: counts(0, 0, 0, 0), c1: counts(1, 1, 1, 0) }),
    ];
    const s = computeMetrics({ cells: split, entities, weights, seed: "s" });
    expect(s.engines).toHaveLength(1);
    expect(entity(s.entities, "brand").shareOfVoice.value).toBe(0.5);
    expect(entity(s.entities, "brand").visibility.value).toBe(0.5);
  });
});

describe("computeMetrics: bootstrap determinism", () => {
  // 40 prompts × 2 engines: enough clusters for the bootstrap everywhere.
  const many: PromptCell[] = [];
  for (let p = 0; p < 40; p++) {
    for (const engine of ["openai", "perplexity"]) {
      const m = (p * 7 + engine.length) % 3 === 0 ? 1 : 0;
      many.push(
        cell(`prompt-${p}`, engine, 1, p % 2, {
          brand: counts(m, m, m * (1 + (p % 3)), m * (p % 2)),
          c1: counts(1 - m, 1 - m, 1 - m, 0),
        }),
      );
    }
  }
  const run = (seed: string, order = many) =>
    computeMetrics({ cells: order, entities, weights, seed, resamples: 500 });

  it("the same data and seed give identical intervals, in any cell order", () => {
    const a = run("alpha");
    expect(run("alpha")).toEqual(a);
    expect(run("alpha", [...many].reverse())).toEqual(a);
  });

  it("a different seed gives different intervals but the same point estimates", () => {
    const a = entity(run("alpha").entities, "brand");
    const b = entity(run("beta").entities, "brand");
    expect(b.visibility.value).toBe(a.visibility.value);
    expect(b.composite.value).toBe(a.composite.value);
    expect([
      b.visibility.ciLow,
      b.visibility.ciHigh,
      b.composite.ciLow,
      b.composite.ciHigh,
    ]).not.toEqual([
      a.visibility.ciLow,
      a.visibility.ciHigh,
      a.composite.ciLow,
      a.composite.ciHigh,
    ]);
  });
});
