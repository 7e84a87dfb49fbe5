import type { PointCell, ScoreWeightsInput } from "./aggregates.js";
import {
  addCellToBlock,
  blockWidth,
  checkedWeights,
  countedCells,
  pointValues,
} from "./compute-metrics.js";
import { studentTQuantile } from "./distributions.js";
import { DEFAULT_RESAMPLES, drawClusterResamples, resampleSums } from "./intervals.js";

/** How a delta's interval was computed (docs/metrics.md, "Significance of deltas"). */
export type DeltaMethod = "paired-cluster-bootstrap" | "unpaired-bootstrap";

/** One metric's change between two days: after − before, its interval and verdict. */
export interface DeltaEstimate {
  delta: number;
  ciLow: number;
  ciHigh: number;
  /** The interval excludes 0: significant at the two-sided level 1 − `level` (5% by default). */
  significant: boolean;
  method: DeltaMethod;
}

export const deltaMetrics = ["visibility", "shareOfVoice", "citationShare", "composite"] as const;
export type DeltaMetric = (typeof deltaMetrics)[number];

export interface EntityDeltas extends Record<DeltaMetric, DeltaEstimate> {
  entityId: string;
}

export interface BootstrapDeltasResult {
  method: DeltaMethod;
  /** Prompts with data on both days (resampled as pairs). */
  sharedPrompts: number;
  entities: EntityDeltas[];
}

export interface BootstrapDeltasOptions {
  /** Cells of the comparison day (the earlier one). */
  before: PointCell[];
  /** Cells of the day described. */
  after: PointCell[];
  entities: Array<{ id: string; isSelf: boolean }>;
  weights: ScoreWeightsInput;
  /**
   * The entities to report (default: all). Every entity of `entities` still
   * counts in share of voice; fewer reported entities resample fewer columns.
   */
  entityIds?: readonly string[] | undefined;
  /** Only this engine's cells (default: every engine pooled). */
  engine?: string | undefined;
  includeBrandResearch?: boolean | undefined;
  /** Seeds the bootstrap: the same cells and seed give the same intervals. */
  seed: string;
  resamples?: number;
  /** Interval level; `significant` tests at 1 − level (two-sided). Default 0.95. */
  level?: number;
}

/**
 * The change of every entity's visibility, share of voice, citation share and
 * composite from `before` to `after`, each with a cluster-bootstrap interval
 * of the difference and a `significant` flag (the interval excludes 0).
 *
 * Resampling unit: the prompt (every engine and repetition of a prompt move
 * together, as in `computeMetrics`). Prompts with data on both days are drawn
 * as pairs (the same draw takes the prompt's answers of both days: a
 * paired cluster bootstrap, which cancels what a prompt contributes to both
 * days); prompts with data on one day only are drawn, independently, among
 * that day's other unshared prompts. Without any shared prompt that is an
 * unpaired bootstrap of each day. The point delta is the difference of the
 * two days' point values, exactly what `computePointMetrics` gives.
 *
 * Returns null when either day has no answers in scope: there is nothing to
 * compare. Pure and deterministic in (options); prompts are sorted by id.
 */
export function bootstrapDeltas(options: BootstrapDeltasOptions): BootstrapDeltasResult | null {
  const weights = checkedWeights(options.weights);
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  if (!Number.isInteger(resamples) || resamples < 1 || resamples > 100_000) {
    throw new RangeError(`resamples must be an integer in [1, 100000], got ${resamples}`);
  }
  const { entities, engine } = options;
  const wanted = options.entityIds ? new Set(options.entityIds) : undefined;
  const reported = entities.filter((e) => !wanted || wanted.has(e.id));
  // Columns kept: the three totals, then each reported entity's triple.
  const kept = [0, 1, 2];
  entities.forEach((entity, e) => {
    if (!wanted || wanted.has(entity.id)) kept.push(3 + 3 * e, 4 + 3 * e, 5 + 3 * e);
  });
  const block = kept.length;
  const scoped = (cells: PointCell[]) =>
    countedCells({ cells, includeBrandResearch: options.includeBrandResearch }).filter(
      (c) => engine === undefined || c.engine === engine,
    );
  const before = promptRows(scoped(options.before), entities, kept);
  const after = promptRows(scoped(options.after), entities, kept);
  const totalBefore = sumRows(before, block);
  const totalAfter = sumRows(after, block);
  if ((totalBefore[0] as number) <= 0 || (totalAfter[0] as number) <= 0) return null;

  const shared = [...before.keys()].filter((p) => after.has(p)).sort();
  const onlyBefore = [...before.keys()].filter((p) => !after.has(p)).sort();
  const onlyAfter = [...after.keys()].filter((p) => !before.has(p)).sort();
  const method: DeltaMethod = shared.length > 0 ? "paired-cluster-bootstrap" : "unpaired-bootstrap";

  // Resampled sums per stratum, column-major (column f's replicates contiguous).
  const B = resamples;
  const stratum = (prompts: string[], days: Array<Map<string, Float64Array>>, label: string) => {
    const width = block * days.length;
    const rows = new Float64Array(prompts.length * width);
    prompts.forEach((p, i) => {
      days.forEach((day, d) => {
        rows.set(day.get(p) as Float64Array, i * width + d * block);
      });
    });
    if (prompts.length === 0) return new Float64Array(width * B);
    const draws = drawClusterResamples(prompts.length, B, `${options.seed}:${label}`);
    return resampleSums(rows, width, draws, prompts.length);
  };
  const pairs = stratum(shared, [before, after], "shared");
  const single = [stratum(onlyBefore, [before], "before"), stratum(onlyAfter, [after], "after")];

  const replicates = reported.map(() => deltaMetrics.map(() => new Float64Array(B)));
  const b0 = new Float64Array(block);
  const b1 = new Float64Array(block);
  for (let b = 0; b < B; b++) {
    for (let f = 0; f < block; f++) {
      b0[f] = (pairs[f * B + b] as number) + ((single[0] as Float64Array)[f * B + b] as number);
      b1[f] =
        (pairs[(block + f) * B + b] as number) + ((single[1] as Float64Array)[f * B + b] as number);
    }
    for (let e = 0; e < reported.length; e++) {
      const v0 = pointValues(b0, 3 + 3 * e, weights);
      const v1 = pointValues(b1, 3 + 3 * e, weights);
      const reps = replicates[e] as Float64Array[];
      deltaMetrics.forEach((m, i) => {
        (reps[i] as Float64Array)[b] = v1[m] - v0[m];
      });
    }
  }

  const level = options.level ?? 0.95;
  const multiplier = tMultiplier(level, Math.min(before.size, after.size));
  return {
    method,
    sharedPrompts: shared.length,
    entities: reported.map((entity, e) => {
      const v0 = pointValues(totalBefore, 3 + 3 * e, weights);
      const v1 = pointValues(totalAfter, 3 + 3 * e, weights);
      const reps = replicates[e] as Float64Array[];
      const estimates = deltaMetrics.map((m, i): DeltaEstimate => {
        const delta = v1[m] - v0[m];
        const half = multiplier * standardDeviation(reps[i] as Float64Array);
        const ciLow = delta - half;
        const ciHigh = delta + half;
        return { delta, ciLow, ciHigh, significant: ciLow > 0 || ciHigh < 0, method };
      });
      return {
        entityId: entity.id,
        ...(Object.fromEntries(deltaMetrics.map((m, i) => [m, estimates[i]])) as Record<
          DeltaMetric,
          DeltaEstimate
        >),
      };
    }),
  };
}

/**
 * Half-width multiplier of the interval: with n clusters the bootstrap spread
 * is too small by about √((n−1)/n), and the spread is itself estimated from n
 * clusters, so the interval is delta ± √(n/(n−1)) · t_{n−1, 1−α/2} · SD(replicates)
 * (2.07 for 40 prompts; z = 1.96 for many). Hesterberg (2015, "What teachers
 * should know about the bootstrap", §5) makes the same small-sample expansion.
 */
function tMultiplier(level: number, clusters: number): number {
  const q = 1 - (1 - level) / 2;
  if (clusters < 3) return studentTQuantile(q, 2);
  return Math.sqrt(clusters / (clusters - 1)) * studentTQuantile(q, clusters - 1);
}

function standardDeviation(values: Float64Array): number {
  if (values.length < 2) return 0;
  let mean = 0;
  for (const v of values) mean += v;
  mean /= values.length;
  let squares = 0;
  for (const v of values) squares += (v - mean) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}

/**
 * One pooled block of sums per prompt (every engine of the scope added
 * together), reduced to the `kept` columns of the full block.
 */
function promptRows(
  cells: PointCell[],
  entities: BootstrapDeltasOptions["entities"],
  kept: readonly number[],
): Map<string, Float64Array> {
  const full = new Map<string, Float64Array>();
  const width = blockWidth(entities.length);
  for (const cell of cells) {
    let row = full.get(cell.promptId);
    if (!row) {
      row = new Float64Array(width);
      full.set(cell.promptId, row);
    }
    addCellToBlock(row, 0, cell, entities);
  }
  const rows = new Map<string, Float64Array>();
  for (const [prompt, row] of full)
    rows.set(
      prompt,
      Float64Array.from(kept, (f) => row[f] as number),
    );
  return rows;
}

function sumRows(rows: Map<string, Float64Array>, block: number): Float64Array {
  const out = new Float64Array(block);
  for (const row of rows.values())
    for (let f = 0; f < block; f++) out[f] = (out[f] as number) + (row[f] as number);
  return out;
}
