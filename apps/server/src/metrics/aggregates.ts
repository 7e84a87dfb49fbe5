/**
 * The unit every metric is computed from: counts for one prompt on one engine
 * on one day (all repetitions of the prompt summed). Rollups store these rows;
 * the statistics resample prompts (a cluster = every engine and repetition of
 * one prompt), so a prompt's counts must never be split across clusters.
 */
export interface PromptCell {
  promptId: string;
  engine: string;
  /** brand_research cells are excluded from headline share of voice and composite by default. */
  category: string;
  /** Answers recorded (succeeded responses). */
  responses: number;
  /** Answers with at least one citation. */
  responsesWithCitations: number;
  entities: Record<string, EntityCounts>;
}

/**
 * Whether a category's answers count in the headline metrics by default:
 * brand_research ones only when asked for (`includeBrandResearch`).
 */
export const isCountedCategory = (category: string): boolean => category !== "brand_research";

export interface EntityCounts {
  /** Answers mentioning the entity (once per answer). */
  mentionedResponses: number;
  /** Total occurrences across those answers. */
  mentionCount: number;
  /** Sum of the entity's rank over answers mentioning it. */
  rankSum: number;
  /** Answers citing at least one of the entity's domains. */
  citedResponses: number;
  positiveResponses: number;
  negativeResponses: number;
  /** Answers recommending the entity (docs/metrics.md, "Mention stance"). */
  recommendedResponses: number;
  /** Answers with the entity among the first three tracked entities they recommend. */
  shortlistedResponses: number;
  /** Answers advising against the entity. */
  discouragedResponses: number;
}

/** The counts point values need (no mention count, sentiment or discouraged answers). */
export type PointCounts = Pick<
  EntityCounts,
  | "mentionedResponses"
  | "rankSum"
  | "citedResponses"
  | "recommendedResponses"
  | "shortlistedResponses"
>;

/** A cell with only the counts point values need: what series and deltas read. */
export interface PointCell extends Omit<PromptCell, "entities"> {
  entities: Record<string, PointCounts>;
}

/** The EntityCounts fields, in the order the rollup tables store them. */
export const entityCountFields = [
  "mentionedResponses",
  "mentionCount",
  "rankSum",
  "citedResponses",
  "positiveResponses",
  "negativeResponses",
  "recommendedResponses",
  "shortlistedResponses",
  "discouragedResponses",
] as const satisfies ReadonlyArray<keyof EntityCounts>;

export const zeroEntityCounts = (): EntityCounts => ({
  mentionedResponses: 0,
  mentionCount: 0,
  rankSum: 0,
  citedResponses: 0,
  positiveResponses: 0,
  negativeResponses: 0,
  recommendedResponses: 0,
  shortlistedResponses: 0,
  discouragedResponses: 0,
});

/** Adds `from` to `into`, field by field. */
export function addEntityCounts(into: EntityCounts, from: EntityCounts): void {
  for (const field of entityCountFields) into[field] += from[field];
}

/** A point estimate with its 95% interval and the count behind it. */
export interface Estimate {
  value: number;
  ciLow: number;
  ciHigh: number;
  n: number;
}

export interface EntityMetrics {
  entityId: string;
  isSelf: boolean;
  /** Share of answers mentioning the entity (0-1). */
  visibility: Estimate;
  /** Entity's once-per-answer mentions / all tracked entities' (0-1). */
  shareOfVoice: Estimate;
  /** Answers citing the entity's domains / answers with at least one citation (0-1). */
  citationShare: Estimate;
  /** Mean rank of first mention over answers mentioning the entity; null when never mentioned. */
  averagePosition: number | null;
  mentionCount: number;
  /** positive / (positive + negative) answers, null when none; 0-1. */
  sentiment: number | null;
  /** Composite score 0-100 of this entity. */
  composite: Estimate;
  /** Answers recommending the entity / answers (0-1). */
  recommendationRate: Estimate;
  /** Answers with the entity among the first three tracked entities they recommend / answers (0-1). */
  shortlistShare: Estimate;
}

export interface EngineMetrics {
  engine: string;
  responses: number;
  entities: EntityMetrics[];
}

export interface MetricsSnapshot {
  /** Answers behind the numbers (after the brand_research filter). */
  responses: number;
  /** Distinct prompts (clusters) behind the numbers. */
  prompts: number;
  /** Overall, every engine pooled. */
  entities: EntityMetrics[];
  engines: EngineMetrics[];
}

export interface ScoreWeightsInput {
  visibility: number;
  shareOfVoice: number;
  position: number;
  citation: number;
}

export interface ComputeMetricsOptions {
  cells: PromptCell[];
  entities: Array<{ id: string; isSelf: boolean }>;
  weights: ScoreWeightsInput;
  /** Include brand_research prompts (excluded by default). */
  includeBrandResearch?: boolean;
  /** Seeds the bootstrap: the same data and seed give the same intervals. */
  seed: string;
  /** Bootstrap resamples; default chosen by the implementation (documented). */
  resamples?: number;
}
