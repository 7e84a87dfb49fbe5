import type {
  ComputeMetricsOptions,
  EngineMetrics,
  EntityMetrics,
  Estimate,
  MetricsSnapshot,
  PointCell,
  PromptCell,
  ScoreWeightsInput,
} from "./aggregates.js";
import { isCountedCategory } from "./aggregates.js";
import {
  DEFAULT_RESAMPLES,
  drawClusterResamples,
  expandedPercentileLevel,
  percentileInterval,
  ratio,
  resampleSums,
  WILSON_MAX_PROMPTS,
  wilsonInterval,
} from "./intervals.js";

/**
 * Metrics of one snapshot from per-prompt cells (definitions in
 * docs/metrics.md, sections "Metrics" and "Confidence intervals"):
 *
 * - visibility = Σ mentionedResponses / Σ responses;
 * - shareOfVoice = Σ mentionedResponses(entity) / Σ over every tracked entity of
 *   Σ mentionedResponses (mentions counted once per answer; 0 without mentions);
 * - citationShare = Σ citedResponses / Σ responsesWithCitations;
 * - averagePosition = Σ rankSum / Σ mentionedResponses (null when never mentioned);
 * - sentiment = positive / (positive + negative) (null when neither);
 * - positionScore = visibility / averagePosition = (Σ mentioned)² / (Σ responses · Σ rankSum):
 *   1 when mentioned first in every answer, 0 when never mentioned;
 * - recommendationRate = Σ recommendedResponses / Σ responses; shortlistShare = Σ
 *   shortlistedResponses / Σ responses;
 * - composite = 100 · (w.visibility·visibility + w.shareOfVoice·shareOfVoice
 *   + w.position·positionScore + w.citation·citationShare) / Σ w.
 *
 * Every metric is a function of sums over cells, so one cluster bootstrap over
 * prompts (every engine and repetition of a prompt move together) recomputes
 * all of them per resample. `brand_research` cells are left out unless
 * `includeBrandResearch`. Pure and deterministic in (options).
 */
export function computeMetrics(options: ComputeMetricsOptions): MetricsSnapshot {
  const weights = checkedWeights(options.weights);
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  if (!Number.isInteger(resamples) || resamples < 1 || resamples > 100_000) {
    throw new RangeError(`resamples must be an integer in [1, 100000], got ${resamples}`);
  }
  const cells = countedCells(options);
  const layout = buildLayout(cells, options.entities);
  const { prompts, engines, rows, extras, width, block } = layout;
  const P = prompts.length;
  const K = engines.length;
  const entityCount = options.entities.length;

  // Point sums per engine (block k) and pooled (overall), from the rows.
  const engineTotals = new Float64Array(width);
  for (let p = 0; p < P; p++) {
    for (let f = 0; f < width; f++) add(engineTotals, f, rows[p * width + f] as number);
  }
  const overallTotals = poolBlocks(engineTotals, K, block);

  // Resampled sums, column-major (column f's B replicates contiguous): per engine, pooled.
  const multiplicities = drawClusterResamples(P, resamples, options.seed);
  const B = P > 0 ? resamples : 0;
  const engineSums = P > 0 ? resampleSums(rows, width, multiplicities, P) : new Float64Array(0);
  const overallSums = new Float64Array(block * B);
  for (let k = 0; k < K; k++) {
    for (let i = 0; i < block * B; i++)
      add(overallSums, i, engineSums[k * block * B + i] as number);
  }

  const scope = (
    totals: Float64Array,
    sums: Float64Array,
    extra: Float64Array,
    wilson: boolean,
    prompts: number,
  ): EntityMetrics[] => {
    const level = expandedPercentileLevel(prompts);
    return options.entities.map((entity, e) =>
      entityMetrics({
        entity,
        at: entityOffset(e),
        totals,
        column: (f) => sums.subarray(f * B, (f + 1) * B),
        extra: extra.subarray(3 * e, 3 * e + 3),
        weights,
        wilson,
        level,
      }),
    );
  };

  const overallExtra = new Float64Array(3 * entityCount);
  for (const x of extras) for (let i = 0; i < x.length; i++) add(overallExtra, i, x[i] as number);

  return {
    responses: overallTotals[0] as number,
    prompts: P,
    entities: scope(
      overallTotals,
      overallSums,
      overallExtra,
      K === 1 && (layout.enginePrompts[0] ?? 0) < WILSON_MAX_PROMPTS,
      P,
    ),
    engines: engines.map(
      (engine, k): EngineMetrics => ({
        engine,
        responses: engineTotals[k * block] as number,
        entities: scope(
          engineTotals.subarray(k * block, (k + 1) * block),
          engineSums.subarray(k * block * B, (k + 1) * block * B),
          extras[k] as Float64Array,
          (layout.enginePrompts[k] ?? 0) < WILSON_MAX_PROMPTS,
          layout.enginePrompts[k] ?? 0,
        ),
      }),
    ),
  };
}

/** The cells the metrics count: `brand_research` ones only with `includeBrandResearch`. */
export function countedCells<Cell extends PointCell>(options: {
  cells: Cell[];
  includeBrandResearch?: boolean | undefined;
}): Cell[] {
  return options.includeBrandResearch
    ? options.cells
    : options.cells.filter((c) => isCountedCategory(c.category));
}

/**
 * Per engine block (width `block`): [responses, responsesWithCitations,
 * Σ tracked entities' mentionedResponses, then per entity: mentionedResponses,
 * rankSum, citedResponses, recommendedResponses, shortlistedResponses]. One row of K blocks per prompt. Counts that only
 * need a point value (mentionCount, positive, negative) go to `extras`.
 */
interface Layout {
  prompts: string[];
  engines: string[];
  /** Prompts with at least one cell, per engine. */
  enginePrompts: number[];
  rows: Float64Array;
  width: number;
  block: number;
  /** Per engine: [mentionCount, positive, negative] per entity. */
  extras: Float64Array[];
}

function buildLayout(cells: readonly PromptCell[], entities: ComputeMetricsOptions["entities"]) {
  // Sorted, so the bootstrap does not depend on the order the cells arrive in.
  const prompts = [...new Set(cells.map((c) => c.promptId))].sort();
  const engines = [...new Set(cells.map((c) => c.engine))].sort();
  const promptIndex = new Map(prompts.map((p, i) => [p, i]));
  const engineIndex = new Map(engines.map((e, i) => [e, i]));
  const block = blockWidth(entities.length);
  const width = block * engines.length;
  const rows = new Float64Array(prompts.length * width);
  const extras = engines.map(() => new Float64Array(3 * entities.length));
  const seen = engines.map(() => new Set<string>());
  for (const cell of cells) {
    const k = engineIndex.get(cell.engine) as number;
    seen[k]?.add(cell.promptId);
    const at = (promptIndex.get(cell.promptId) as number) * width + k * block;
    addCellToBlock(rows, at, cell, entities);
    const extra = extras[k] as Float64Array;
    entities.forEach((entity, e) => {
      const counts = cell.entities[entity.id];
      if (!counts) return;
      add(extra, 3 * e, counts.mentionCount);
      add(extra, 3 * e + 1, counts.positiveResponses);
      add(extra, 3 * e + 2, counts.negativeResponses);
    });
  }
  const enginePrompts = seen.map((s) => s.size);
  return { prompts, engines, enginePrompts, rows, width, block, extras } satisfies Layout;
}

/**
 * Adds a cell's counts to the block at `at` of `target` (the layout above):
 * responses, responsesWithCitations, Σ mentionedResponses, then each entity's
 * (mentionedResponses, rankSum, citedResponses, recommendedResponses, shortlistedResponses).
 */
export function addCellToBlock(
  target: Float64Array,
  at: number,
  cell: PointCell,
  entities: ComputeMetricsOptions["entities"],
): void {
  add(target, at, cell.responses);
  add(target, at + 1, cell.responsesWithCitations);
  for (let e = 0; e < entities.length; e++) {
    const counts = cell.entities[(entities[e] as { id: string }).id];
    if (!counts) continue;
    add(target, at + 2, counts.mentionedResponses);
    const o = at + entityOffset(e);
    add(target, o, counts.mentionedResponses);
    add(target, o + 1, counts.rankSum);
    add(target, o + 2, counts.citedResponses);
    add(target, o + 3, counts.recommendedResponses);
    add(target, o + 4, counts.shortlistedResponses);
  }
}

/** Columns of one entity in a block (see Layout). */
export const ENTITY_COLUMNS = 5;

/** Offset of entity `e`'s columns in a block. */
export const entityOffset = (e: number): number => 3 + ENTITY_COLUMNS * e;

/** Width of one engine block for `entities` (see Layout). */
export const blockWidth = (entityCount: number): number => entityOffset(entityCount);

/** Sum of the K engine blocks of `source` (one pooled block). */
export function poolBlocks(source: Float64Array, K: number, block: number): Float64Array {
  const out = new Float64Array(block);
  for (let k = 0; k < K; k++) {
    const from = k * block;
    for (let f = 0; f < block; f++) add(out, f, source[from + f] as number);
  }
  return out;
}

export function checkedWeights(w: ScoreWeightsInput): ScoreWeightsInput {
  const values = [w.visibility, w.shareOfVoice, w.position, w.citation];
  if (values.some((v) => !Number.isFinite(v) || v < 0)) {
    throw new RangeError("score weights must be finite and non-negative");
  }
  return w;
}

/** positionScore = visibility / averagePosition = m² / (responses · rankSum). */
export function positionScore(mentioned: number, responses: number, rankSum: number): number {
  return mentioned > 0 && rankSum > 0 && responses > 0
    ? (mentioned * mentioned) / (responses * rankSum)
    : 0;
}

/** The composite 0-100 of the four values (positional: no object per bootstrap resample). */
export function weightedComposite(
  visibility: number,
  shareOfVoice: number,
  position: number,
  citationShare: number,
  w: ScoreWeightsInput,
): number {
  const total = w.visibility + w.shareOfVoice + w.position + w.citation;
  if (total <= 0) return 0;
  const weighted =
    w.visibility * visibility +
    w.shareOfVoice * shareOfVoice +
    w.position * position +
    w.citation * citationShare;
  return (100 * weighted) / total;
}

/** An entity's point values (no intervals), as `computeMetrics` reports them. */
export interface PointValues {
  visibility: number;
  shareOfVoice: number;
  citationShare: number;
  averagePosition: number | null;
  composite: number;
  recommendationRate: number;
  shortlistShare: number;
}

/**
 * Point values of the entity whose columns start at `at` in a block of sums; each
 * 0 when the count behind it is 0 (as an estimate with n = 0 reports it).
 */
export function pointValues(totals: Float64Array, at: number, w: ScoreWeightsInput): PointValues {
  const responses = totals[0] as number;
  const mentioned = totals[at] as number;
  const rankSum = totals[at + 1] as number;
  const visibility = ratio(mentioned, responses);
  const shareOfVoice = ratio(mentioned, totals[2] as number);
  const citationShare = ratio(totals[at + 2] as number, totals[1] as number);
  const position = positionScore(mentioned, responses, rankSum);
  return {
    visibility,
    shareOfVoice,
    citationShare,
    averagePosition: mentioned > 0 ? rankSum / mentioned : null,
    composite:
      responses > 0 ? weightedComposite(visibility, shareOfVoice, position, citationShare, w) : 0,
    recommendationRate: ratio(totals[at + 3] as number, responses),
    shortlistShare: ratio(totals[at + 4] as number, responses),
  };
}

function entityMetrics(args: {
  entity: { id: string; isSelf: boolean };
  /** Offset of the entity's columns (mentioned, rankSum, cited, recommended, shortlisted) inside a block. */
  at: number;
  /** Point sums of the scope's block. */
  totals: Float64Array;
  /** The scope's column f of resampled sums (B replicates). */
  column: (f: number) => Float64Array;
  extra: Float64Array;
  weights: ScoreWeightsInput;
  wilson: boolean;
  /** The percentile interval's level for the scope's prompts (`expandedPercentileLevel`). */
  level: number;
}): EntityMetrics {
  const { at, totals, column, weights: w } = args;
  const responses = totals[0] as number;
  const withCitations = totals[1] as number;
  const allMentions = totals[2] as number;
  const cited = totals[at + 2] as number;
  const point = pointValues(totals, at, w);

  // Replicates of the interval-bearing metrics, from the resampled columns.
  const R = column(0);
  const C = column(1);
  const T = column(2);
  const M = column(at);
  const S = column(at + 1);
  const X = column(at + 2);
  const Rec = column(at + 3);
  const Short = column(at + 4);
  const B = R.length;
  const reps = {
    visibility: new Float64Array(B),
    shareOfVoice: new Float64Array(B),
    citationShare: new Float64Array(B),
    composite: new Float64Array(B),
    recommendationRate: new Float64Array(B),
    shortlistShare: new Float64Array(B),
  };
  for (let b = 0; b < B; b++) {
    const r = R[b] as number;
    const m = M[b] as number;
    const v = ratio(m, r);
    const sov = ratio(m, T[b] as number);
    const cit = ratio(X[b] as number, C[b] as number);
    reps.visibility[b] = v;
    reps.shareOfVoice[b] = sov;
    reps.citationShare[b] = cit;
    reps.composite[b] = weightedComposite(v, sov, positionScore(m, r, S[b] as number), cit, w);
    reps.recommendationRate[b] = ratio(Rec[b] as number, r);
    reps.shortlistShare[b] = ratio(Short[b] as number, r);
  }

  const [positive, negative] = [args.extra[1] as number, args.extra[2] as number];
  const percentiles = (replicates: Float64Array) => percentileInterval(replicates, args.level);
  const estimate = (value: number, n: number, ci: [number, number]): Estimate =>
    n > 0
      ? { value, ciLow: Math.min(ci[0], value), ciHigh: Math.max(ci[1], value), n }
      : { value: 0, ciLow: 0, ciHigh: 0, n: 0 };
  // A share of the answers counted in column `f`: Wilson with few prompts, else the bootstrap.
  const perAnswer = (value: number, f: number, replicates: Float64Array): Estimate =>
    estimate(
      value,
      responses,
      args.wilson ? wilsonInterval(totals[f] as number, responses) : percentiles(replicates),
    );
  return {
    entityId: args.entity.id,
    isSelf: args.entity.isSelf,
    visibility: perAnswer(point.visibility, at, reps.visibility),
    shareOfVoice: estimate(point.shareOfVoice, allMentions, percentiles(reps.shareOfVoice)),
    citationShare: estimate(
      point.citationShare,
      withCitations,
      args.wilson ? wilsonInterval(cited, withCitations) : percentiles(reps.citationShare),
    ),
    averagePosition: point.averagePosition,
    mentionCount: args.extra[0] as number,
    sentiment: positive + negative > 0 ? positive / (positive + negative) : null,
    composite: estimate(point.composite, responses, percentiles(reps.composite)),
    recommendationRate: perAnswer(point.recommendationRate, at + 3, reps.recommendationRate),
    shortlistShare: perAnswer(point.shortlistShare, at + 4, reps.shortlistShare),
  };
}

/** a[i] += v for typed arrays under noUncheckedIndexedAccess. */
function add(a: Float64Array, i: number, v: number): void {
  a[i] = (a[i] as number) + v;
}
