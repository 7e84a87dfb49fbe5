import { describe, expect, it } from "vitest";
import type { EntityMetrics, PromptCell } from "../../src/metrics/aggregates.js";
import { computeMetrics } from "../../src/metrics/compute-metrics.js";
import { computePointMetrics, type EntityPoint } from "../../src/metrics/point-metrics.js";
import { Rng } from "../../src/prng.js";

// A day of a standard run's shape: 300 prompts (one in ten brand research)
// × 5 engines × 2 repetitions, the brand and 12 competitors with uneven
// visibility, some entities absent from a cell, one engine answering only
// brand research, and counts of an entity no longer tracked.
const ENGINES = ["anthropic", "exa", "gemini", "openai", "perplexity"];
const CATEGORIES = ["discovery", "problem_solution", "use_case", "comparison", "expert"];
const entities = [
  { id: "self", isSelf: true },
  ...Array.from({ length: 12 }, (_, i) => ({ id: `cmp_${i}`, isSelf: false })),
];
const weights = { visibility: 0.35, shareOfVoice: 0.25, position: 0.2, citation: 0.2 };

function realisticCells(seed: string): PromptCell[] {
  const rng = Rng.fromString(seed);
  const below = (n: number) => rng.nextUint32() % n;
  const cells: PromptCell[] = [];
  for (let p = 0; p < 300; p++) {
    const category = p % 10 === 9 ? "brand_research" : (CATEGORIES[p % 5] as string);
    for (const engine of [...ENGINES, "research-only"]) {
      if (engine === "research-only" && category !== "brand_research") continue;
      const responses = 1 + below(2);
      const cell: PromptCell = {
        promptId: `prm_${p}`,
        engine,
        category,
        responses,
        responsesWithCitations: below(responses + 1),
        entities: {},
      };
      for (const [e, entity] of [...entities, { id: "gone", isSelf: false }].entries()) {
        if (below(100) >= 70 - 5 * e) continue;
        const mentioned = 1 + below(responses);
        cell.entities[entity.id] = {
          mentionedResponses: mentioned,
          mentionCount: mentioned + below(3),
          rankSum: mentioned * (1 + below(6)),
          citedResponses: below(Math.min(mentioned, cell.responsesWithCitations) + 1),
          positiveResponses: below(mentioned + 1),
          negativeResponses: 0,
          recommendedResponses: below(mentioned + 1),
          shortlistedResponses: 0,
          discouragedResponses: 0,
        };
        const counts = cell.entities[entity.id] as PromptCell["entities"][string];
        counts.shortlistedResponses = below(counts.recommendedResponses + 1);
      }
      cells.push(cell);
    }
  }
  return cells;
}

const pointOf = (m: EntityMetrics): EntityPoint => ({
  entityId: m.entityId,
  isSelf: m.isSelf,
  visibility: m.visibility.value,
  shareOfVoice: m.shareOfVoice.value,
  citationShare: m.citationShare.value,
  averagePosition: m.averagePosition,
  composite: m.composite.value,
  recommendationRate: m.recommendationRate.value,
  shortlistShare: m.shortlistShare.value,
});

describe("computePointMetrics", () => {
  for (const includeBrandResearch of [false, true]) {
    it(`gives exactly computeMetrics' values on a realistic day (includeBrandResearch ${includeBrandResearch})`, () => {
      const cells = realisticCells(`day-${includeBrandResearch}`);
      const options = { cells, entities, weights, includeBrandResearch };
      const general = computeMetrics({ ...options, seed: "s", resamples: 1 });
      const points = computePointMetrics({ ...options, cells: [...cells].reverse() });
      expect(points).toEqual({
        responses: general.responses,
        entities: general.entities.map(pointOf),
        engines: general.engines.map((e) => ({
          engine: e.engine,
          responses: e.responses,
          entities: e.entities.map(pointOf),
        })),
      });
      expect(points.engines.map((e) => e.engine)).toEqual(
        includeBrandResearch ? [...ENGINES, "research-only"] : ENGINES,
      );
      // The values are not trivially 0: the fixture exercises every metric.
      const self = points.entities[0] as EntityPoint;
      expect(self.visibility).toBeGreaterThan(0);
      expect(self.citationShare).toBeGreaterThan(0);
      expect(self.averagePosition).toBeGreaterThan(1);
    });
  }

  it("no cells: no engines and zero values, as computeMetrics reports them", () => {
    const general = computeMetrics({ cells: [], entities, weights, seed: "s" });
    expect(computePointMetrics({ cells: [], entities, weights })).toEqual({
      responses: 0,
      entities: general.entities.map(pointOf),
      engines: [],
    });
  });

  it("rejects negative weights like computeMetrics", () => {
    expect(() =>
      computePointMetrics({ cells: [], entities, weights: { ...weights, citation: -1 } }),
    ).toThrow(RangeError);
  });
});
