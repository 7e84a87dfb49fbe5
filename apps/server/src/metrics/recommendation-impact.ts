import type { PointCell } from "./aggregates.js";
import { bootstrapDeltas, type DeltaEstimate, type DeltaMetric } from "./bootstrap-deltas.js";
import { bootstrapRatioInterval, ratio } from "./intervals.js";

/**
 * The recommendation metrics (docs/recommendations.md) the rollups can
 * measure, and the delta metric of bootstrap-deltas each one is.
 * `citation_rate` (of a domain or URL), `negative_share` and
 * `restricted_claims` are not in the per-prompt rollups: their impact is
 * `not_enough_data` until they are.
 */
export const measurableMetrics: Readonly<Record<string, DeltaMetric>> = {
  visibility: "visibility",
  share_of_voice: "shareOfVoice",
};

/** Metrics where a fall is the improvement. */
export const lowerIsBetter: ReadonlySet<string> = new Set(["negative_share", "restricted_claims"]);

/**
 * The least data either day needs for a verdict: prompts with answers (the
 * bootstrap's clusters: with fewer, its interval is unreliable) and answers.
 */
export const MIN_IMPACT_PROMPTS = 5;
export const MIN_IMPACT_ANSWERS = 20;

export type ImpactVerdict = "improved" | "no_detectable_change" | "worse" | "not_enough_data";

/** A metric's value on some cells: 95% interval (cluster bootstrap over prompts) and answers. */
export interface TargetEstimate {
  value: number;
  ciLow: number;
  ciHigh: number;
  /** Answers counted. */
  n: number;
  /** Prompts with answers. */
  prompts: number;
}

/** The cells of a target: its prompts (all when none) and engines (all when none). */
export function targetCells<C extends PointCell>(
  cells: readonly C[],
  target: { promptIds: readonly string[]; engines: readonly string[] },
): C[] {
  const prompts = target.promptIds.length > 0 ? new Set(target.promptIds) : null;
  const engines = target.engines.length > 0 ? new Set(target.engines) : null;
  return cells.filter(
    (c) =>
      c.responses > 0 &&
      (!prompts || prompts.has(c.promptId)) &&
      (!engines || engines.has(c.engine)) &&
      c.category !== "brand_research",
  );
}

/**
 * An entity's metric on cells: visibility (answers mentioning it / answers)
 * or share of voice (its mentioned answers / every entity's mentioned answers
 * in the cells), with the 95% cluster-bootstrap percentile interval over
 * prompts. Null for a metric the cells cannot measure or without answers.
 */
export function estimateTargetMetric(options: {
  metric: string;
  cells: readonly PointCell[];
  entityId: string;
  seed: string;
  resamples?: number;
}): TargetEstimate | null {
  const metric = measurableMetrics[options.metric];
  if (!metric) return null;
  const byPrompt = new Map<string, [number, number, number]>();
  for (const c of options.cells) {
    const row = byPrompt.get(c.promptId) ?? [0, 0, 0];
    row[1] += c.responses;
    for (const [id, counts] of Object.entries(c.entities)) {
      if (id === options.entityId) row[0] += counts.mentionedResponses;
      row[2] += counts.mentionedResponses;
    }
    byPrompt.set(c.promptId, row);
  }
  const rows = [...byPrompt.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const n = rows.reduce((s, [, r]) => s + r[1], 0);
  if (n <= 0) return null;
  const den = metric === "visibility" ? 1 : 2;
  const numerators = rows.map(([, r]) => r[0]);
  const denominators = rows.map(([, r]) => r[den]);
  const value = ratio(
    numerators.reduce((s, x) => s + x, 0),
    denominators.reduce((s, x) => s + x, 0),
  );
  const [ciLow, ciHigh] = bootstrapRatioInterval({
    numerators,
    denominators,
    seed: options.seed,
    ...(options.resamples ? { resamples: options.resamples } : {}),
  });
  return { value, ciLow, ciHigh, n, prompts: rows.length };
}

export interface ImpactMeasurement {
  verdict: ImpactVerdict;
  /** The metric on the baseline day's cells (recomputed from the rollups), or null. */
  baseline: TargetEstimate | null;
  /** The metric on the later cells, or null (no later data, or a metric not measured). */
  current: TargetEstimate | null;
  /** current − baseline with its 95% interval (paired cluster bootstrap), or null. */
  delta: DeltaEstimate | null;
}

/**
 * A done recommendation's impact: the metric on the target's cells of the
 * baseline day (`before`) and of a later day (`after`), compared by the paired
 * cluster bootstrap of `bootstrapDeltas` (the significance test of the
 * metrics' deltas, docs/metrics.md "Significance of deltas": its 5% level and
 * power apply). Verdict: `improved` / `worse` when the interval excludes 0 on
 * the metric's good / bad side (lower is better for `negative_share` and
 * `restricted_claims`), `no_detectable_change` when it does not, and
 * `not_enough_data` when the metric is not measurable, either side has no
 * answers, or either has fewer than MIN_IMPACT_PROMPTS prompts or
 * MIN_IMPACT_ANSWERS answers. Every entity in the cells counts in share of
 * voice. Pure and deterministic in (options).
 */
export function measureImpact(options: {
  metric: string;
  before: readonly PointCell[];
  after: readonly PointCell[];
  entityId: string;
  seed: string;
  resamples?: number;
}): ImpactMeasurement {
  const { metric, entityId, seed } = options;
  const resamples = options.resamples ? { resamples: options.resamples } : {};
  const estimate = (cells: readonly PointCell[], side: string) =>
    estimateTargetMetric({ metric, cells, entityId, seed: `${seed}:${side}`, ...resamples });
  const baseline = estimate(options.before, "before");
  const current = estimate(options.after, "after");
  const none = { verdict: "not_enough_data" as const, baseline, current, delta: null };
  const deltaMetric = measurableMetrics[metric];
  const enough = (e: TargetEstimate | null) =>
    e !== null && e.prompts >= MIN_IMPACT_PROMPTS && e.n >= MIN_IMPACT_ANSWERS;
  if (!deltaMetric || !enough(baseline) || !enough(current)) return none;

  const ids = new Set<string>([entityId]);
  for (const c of [...options.before, ...options.after])
    for (const id of Object.keys(c.entities)) ids.add(id);
  const result = bootstrapDeltas({
    before: [...options.before],
    after: [...options.after],
    entities: [...ids].sort().map((id) => ({ id, isSelf: id === entityId })),
    entityIds: [entityId],
    weights: { visibility: 1, shareOfVoice: 0, position: 0, citation: 0 },
    metrics: [deltaMetric],
    // Target cells are already restricted (brand_research left out by targetCells).
    includeBrandResearch: true,
    seed,
    ...resamples,
  });
  const delta = result?.entities[0]?.[deltaMetric];
  if (!delta) return none;
  const up = lowerIsBetter.has(metric) ? delta.ciHigh < 0 : delta.ciLow > 0;
  const down = lowerIsBetter.has(metric) ? delta.ciLow > 0 : delta.ciHigh < 0;
  const verdict: ImpactVerdict = up ? "improved" : down ? "worse" : "no_detectable_change";
  return { verdict, baseline, current, delta };
}
