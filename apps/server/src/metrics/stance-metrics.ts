import type { Estimate, PromptCell } from "./aggregates.js";
import {
  expandedPercentileLevel,
  percentileInterval,
  ratio,
  resampleSums,
  wilsonInterval,
} from "./intervals.js";

/** An entity's recommendation metrics in one scope (docs/metrics.md, "Mention stance"). */
export interface StanceEstimates {
  /** Answers recommending the entity / answers (0-1; n = answers). */
  recommendationRate: Estimate;
  /** Answers with the entity among the first three tracked entities they recommend / answers (0-1; n = answers). */
  shortlistShare: Estimate;
}

export interface StanceScopes {
  /** Per entity, every engine pooled. */
  overall: StanceEstimates[];
  /** Per engine (in `engines` order), per entity. */
  engines: StanceEstimates[][];
}

/**
 * Recommendation rate and shortlist share with the same cluster bootstrap over
 * prompts as the other metrics of the snapshot (the same `multiplicities`, so
 * every metric of a resample sees the same prompts): per prompt and engine
 * [responses, then per entity recommended, shortlisted]. A scope with fewer
 * prompts than `wilsonBelow` gets Wilson intervals, as visibility does.
 */
export function stanceEstimates(options: {
  cells: readonly PromptCell[];
  prompts: readonly string[];
  engines: readonly string[];
  entityIds: readonly string[];
  multiplicities: Uint16Array;
  resamples: number;
  /** Prompts with a cell, per engine. */
  enginePrompts: readonly number[];
  wilsonBelow: number;
}): StanceScopes {
  const { prompts, engines, entityIds } = options;
  const P = prompts.length;
  const K = engines.length;
  const E = entityIds.length;
  const block = 1 + 2 * E;
  const width = block * K;
  const promptIndex = new Map(prompts.map((p, i) => [p, i]));
  const engineIndex = new Map(engines.map((e, i) => [e, i]));
  const rows = new Float64Array(P * width);
  for (const cell of options.cells) {
    const at =
      (promptIndex.get(cell.promptId) as number) * width +
      (engineIndex.get(cell.engine) as number) * block;
    rows[at] = (rows[at] as number) + cell.responses;
    entityIds.forEach((id, e) => {
      const counts = cell.entities[id];
      if (!counts) return;
      rows[at + 1 + 2 * e] = (rows[at + 1 + 2 * e] as number) + counts.recommendedResponses;
      rows[at + 2 + 2 * e] = (rows[at + 2 + 2 * e] as number) + counts.shortlistedResponses;
    });
  }
  const B = P > 0 ? options.resamples : 0;
  const sums = P > 0 ? resampleSums(rows, width, options.multiplicities, P) : new Float64Array(0);
  const totals = new Float64Array(width);
  for (let p = 0; p < P; p++) {
    for (let f = 0; f < width; f++)
      totals[f] = (totals[f] as number) + (rows[p * width + f] as number);
  }
  // Scope sums: engine k's block, or every block pooled (k = -1); resampled column-major.
  const scope = (k: number, prompts: number): StanceEstimates[] => {
    const blocks = k === -1 ? engines.map((_, i) => i) : [k];
    const point = (f: number) => blocks.reduce((s, b) => s + (totals[b * block + f] as number), 0);
    const column = (f: number) => {
      const out = new Float64Array(B);
      for (const b of blocks) {
        const from = (b * block + f) * B;
        for (let r = 0; r < B; r++) out[r] = (out[r] as number) + (sums[from + r] as number);
      }
      return out;
    };
    const responses = point(0);
    const R = column(0);
    const wilson = prompts < options.wilsonBelow && (k !== -1 || K === 1);
    const level = expandedPercentileLevel(prompts);
    const estimate = (f: number): Estimate => {
      const count = point(f);
      if (responses <= 0) return { value: 0, ciLow: 0, ciHigh: 0, n: 0 };
      const value = count / responses;
      let ci: [number, number];
      if (wilson) ci = wilsonInterval(count, responses);
      else {
        const X = column(f);
        const replicates = new Float64Array(B);
        for (let r = 0; r < B; r++) replicates[r] = ratio(X[r] as number, R[r] as number);
        ci = percentileInterval(replicates, level);
      }
      return { value, ciLow: Math.min(ci[0], value), ciHigh: Math.max(ci[1], value), n: responses };
    };
    return entityIds.map((_, e) => ({
      recommendationRate: estimate(1 + 2 * e),
      shortlistShare: estimate(2 + 2 * e),
    }));
  };
  return {
    overall: scope(-1, P),
    engines: engines.map((_, k) => scope(k, options.enginePrompts[k] ?? 0)),
  };
}
