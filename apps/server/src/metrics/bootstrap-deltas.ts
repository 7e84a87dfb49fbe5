import type { PointCell, ScoreWeightsInput } from "./aggregates.js";
import {
  blockWidth,
  checkedWeights,
  countedCells,
  entityOffset,
  pointValues,
} from "./compute-metrics.js";
import { studentTQuantile } from "./distributions.js";
import { DEFAULT_RESAMPLES, drawClusterResamples, ratio, resampleSums } from "./intervals.js";

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

/** An entity's deltas: the metrics asked for (`metrics`, default all four). */
export type EntityDeltas<M extends DeltaMetric = DeltaMetric> = Record<M, DeltaEstimate> & {
  entityId: string;
};

export interface BootstrapDeltasResult<M extends DeltaMetric = DeltaMetric> {
  method: DeltaMethod;
  /** Prompts with data on both days (resampled as pairs). */
  sharedPrompts: number;
  entities: Array<EntityDeltas<M>>;
}

/**
 * Resample draws by what they depend on (the seed, the stratum and its prompt
 * count), with their packed forms, for calls that share a seed: e.g. every
 * scope of one pair of days.
 */
export type DrawCache = Map<string, { draws: Uint16Array; packings: Map<number, Float64Array> }>;

/**
 * Work reused by calls that share a seed (`deltaWork()`; same results, less
 * work): the draws, and per cells array (a day's cells: the same array in
 * every call) its prompt rows by scope and their resampled column sums by
 * draws and prompts. The day described is then resampled once for all its
 * comparison days whose strata have the same prompts, and a column two calls
 * read (e.g. the totals) once.
 */
export interface DeltaWork {
  draws: DrawCache;
  days: WeakMap<PointCell[], Map<string, DayWork>>;
}

interface DayWork {
  /** One full block per prompt (the three totals, then every entity's columns). */
  rows: Map<string, Float64Array>;
  total: Float64Array;
  /** Resampled sums by draws and prompts: per column, B sums once computed. */
  sums: Map<string, Array<Float64Array | undefined>>;
}

export function deltaWork(): DeltaWork {
  return { draws: new Map(), days: new WeakMap() };
}

// The columns of a block (see compute-metrics.ts, Layout) each metric reads:
// totals [responses, withCitations, Σ mentions], then the entity's [mentioned, rankSum, cited,
// recommended, shortlisted].
const totalsRead: Record<DeltaMetric, readonly number[]> = {
  visibility: [0],
  shareOfVoice: [2],
  citationShare: [1],
  composite: [0, 1, 2],
};
const entityRead: Record<DeltaMetric, readonly number[]> = {
  visibility: [0],
  shareOfVoice: [0],
  citationShare: [2],
  composite: [0, 1, 2],
};

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
  /**
   * The metrics to report (default all four): only the columns they read
   * are resampled, so fewer metrics cost less and give the same intervals.
   */
  metrics?: readonly DeltaMetric[];
  /** Seeds the bootstrap: the same cells and seed give the same intervals. */
  seed: string;
  /** Reuses the draws of earlier calls with the same seed (same results, less work). */
  draws?: DrawCache | undefined;
  /** Reuses the draws, rows and resampled sums of earlier calls with the same seed. */
  work?: DeltaWork | undefined;
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
export function bootstrapDeltas<M extends DeltaMetric = DeltaMetric>(
  options: BootstrapDeltasOptions & { metrics?: readonly M[] },
): BootstrapDeltasResult<M> | null {
  const weights = checkedWeights(options.weights);
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  if (!Number.isInteger(resamples) || resamples < 1 || resamples > 100_000) {
    throw new RangeError(`resamples must be an integer in [1, 100000], got ${resamples}`);
  }
  const { entities, engine } = options;
  const wanted = options.entityIds ? new Set(options.entityIds) : undefined;
  const reported = entities.filter((e) => !wanted || wanted.has(e.id));
  // The block: the three totals, then every entity's columns; the reported entities' offsets.
  const block = blockWidth(entities.length);
  const offsets = reported.map((e) => entityOffset(entities.indexOf(e)));
  const metrics = (options.metrics ?? deltaMetrics) as readonly M[];
  // Only the columns a reported metric reads are resampled (the others stay 0).
  const read = new Uint8Array(block);
  for (const m of metrics) {
    for (const f of totalsRead[m]) read[f] = 1;
    for (const at of offsets) for (const f of entityRead[m]) read[at + f] = 1;
  }
  const columns = [...read.keys()].filter((f) => read[f]);
  const draws = options.work?.draws ?? options.draws ?? new Map();
  const days = options.work?.days ?? new WeakMap<PointCell[], Map<string, DayWork>>();
  const scopeKey = [
    engine ?? "",
    options.includeBrandResearch ? 1 : 0,
    ...entities.map((e) => e.id),
  ].join("\u0000");
  const dayWork = (cells: PointCell[]): DayWork => {
    let byScope = days.get(cells);
    if (!byScope) {
      byScope = new Map();
      days.set(cells, byScope);
    }
    let work = byScope.get(scopeKey);
    if (!work) {
      const scoped = countedCells({ cells, includeBrandResearch: options.includeBrandResearch });
      const rows = promptRows(
        engine === undefined ? scoped : scoped.filter((c) => c.engine === engine),
        entities,
      );
      work = { rows, total: sumRows(rows, block), sums: new Map() };
      byScope.set(scopeKey, work);
    }
    return work;
  };
  const before = dayWork(options.before);
  const after = dayWork(options.after);
  const totalBefore = before.total;
  const totalAfter = after.total;
  if ((totalBefore[0] as number) <= 0 || (totalAfter[0] as number) <= 0) return null;

  const shared = [...before.rows.keys()].filter((p) => after.rows.has(p)).sort();
  const onlyBefore = [...before.rows.keys()].filter((p) => !after.rows.has(p)).sort();
  const onlyAfter = [...after.rows.keys()].filter((p) => !before.rows.has(p)).sort();
  const method: DeltaMethod = shared.length > 0 ? "paired-cluster-bootstrap" : "unpaired-bootstrap";

  // One day's resampled column sums over a stratum's prompts (B each, undefined
  // when the stratum is empty): a shared prompt's draw takes both days' rows.
  const B = resamples;
  const stratum = (day: DayWork, prompts: string[], label: string) => {
    if (prompts.length === 0) return [];
    const seed = `${options.seed}:${label}`;
    const key = `${seed}\u0000${prompts.length}\u0000${B}`;
    let drawn = draws.get(key);
    if (!drawn) {
      drawn = { draws: drawClusterResamples(prompts.length, B, seed), packings: new Map() };
      draws.set(key, drawn);
    }
    const sumsKey = `${key}\u0000${prompts.join("\u0001")}`;
    let sums = day.sums.get(sumsKey);
    if (!sums) {
      sums = [];
      day.sums.set(sumsKey, sums);
    }
    const missing = columns.filter((f) => !sums[f]);
    if (missing.length > 0) {
      // Each column's sums are exact integers however many columns go together.
      const width = missing.length;
      const rows = new Float64Array(prompts.length * width);
      prompts.forEach((p, i) => {
        const row = day.rows.get(p) as Float64Array;
        missing.forEach((f, j) => {
          rows[i * width + j] = row[f] as number;
        });
      });
      const out = resampleSums(rows, width, drawn.draws, prompts.length, drawn.packings);
      missing.forEach((f, j) => {
        sums[f] = out.subarray(j * B, (j + 1) * B);
      });
    }
    return sums;
  };
  const zero = new Float64Array(B);
  const parts = (sums: Array<Float64Array | undefined>) => columns.map((f) => sums[f] ?? zero);
  const pairs0 = parts(stratum(before, shared, "shared"));
  const pairs1 = parts(stratum(after, shared, "shared"));
  const single0 = parts(stratum(before, onlyBefore, "before"));
  const single1 = parts(stratum(after, onlyAfter, "after"));

  const replicates = reported.map(() => metrics.map(() => new Float64Array(B)));
  const b0 = new Float64Array(block);
  const b1 = new Float64Array(block);
  for (let b = 0; b < B; b++) {
    for (let i = 0; i < columns.length; i++) {
      const f = columns[i] as number;
      b0[f] =
        ((pairs0[i] as Float64Array)[b] as number) + ((single0[i] as Float64Array)[b] as number);
      b1[f] =
        ((pairs1[i] as Float64Array)[b] as number) + ((single1[i] as Float64Array)[b] as number);
    }
    for (let e = 0; e < reported.length; e++) {
      const reps = replicates[e] as Float64Array[];
      const at = offsets[e] as number;
      for (let i = 0; i < metrics.length; i++) {
        const m = metrics[i] as M;
        (reps[i] as Float64Array)[b] =
          metricValue(m, b1, at, weights) - metricValue(m, b0, at, weights);
      }
    }
  }

  const level = options.level ?? 0.95;
  const multiplier = tMultiplier(level, Math.min(before.rows.size, after.rows.size));
  return {
    method,
    sharedPrompts: shared.length,
    entities: reported.map((entity, e) => {
      const v0 = pointValues(totalBefore, offsets[e] as number, weights);
      const v1 = pointValues(totalAfter, offsets[e] as number, weights);
      const reps = replicates[e] as Float64Array[];
      const estimates = metrics.map((m, i): DeltaEstimate => {
        const delta = v1[m] - v0[m];
        const half = multiplier * standardDeviation(reps[i] as Float64Array);
        const ciLow = delta - half;
        const ciHigh = delta + half;
        return { delta, ciLow, ciHigh, significant: ciLow > 0 || ciHigh < 0, method };
      });
      return {
        entityId: entity.id,
        ...(Object.fromEntries(metrics.map((m, i) => [m, estimates[i]])) as Record<
          M,
          DeltaEstimate
        >),
      };
    }),
  };
}

/** One metric of the entity at `at` in a block of sums (as `pointValues` gives it). */
function metricValue(m: DeltaMetric, totals: Float64Array, at: number, w: ScoreWeightsInput) {
  switch (m) {
    case "visibility":
      return ratio(totals[at] as number, totals[0] as number);
    case "shareOfVoice":
      return ratio(totals[at] as number, totals[2] as number);
    case "citationShare":
      return ratio(totals[at + 2] as number, totals[1] as number);
    default:
      return pointValues(totals, at, w).composite;
  }
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
 * together): the three totals (every entity's mentions in the third), then
 * every entity's columns.
 */
function promptRows(
  cells: PointCell[],
  entities: BootstrapDeltasOptions["entities"],
): Map<string, Float64Array> {
  const ids = entities.map((e) => e.id);
  const block = blockWidth(ids.length);
  const rows = new Map<string, Float64Array>();
  for (const cell of cells) {
    let row = rows.get(cell.promptId);
    if (!row) {
      row = new Float64Array(block);
      rows.set(cell.promptId, row);
    }
    row[0] = (row[0] as number) + cell.responses;
    row[1] = (row[1] as number) + cell.responsesWithCitations;
    for (let e = 0; e < ids.length; e++) {
      const counts = cell.entities[ids[e] as string];
      if (!counts) continue;
      row[2] = (row[2] as number) + counts.mentionedResponses;
      const at = entityOffset(e);
      row[at] = (row[at] as number) + counts.mentionedResponses;
      row[at + 1] = (row[at + 1] as number) + counts.rankSum;
      row[at + 2] = (row[at + 2] as number) + counts.citedResponses;
      row[at + 3] = (row[at + 3] as number) + counts.recommendedResponses;
      row[at + 4] = (row[at + 4] as number) + counts.shortlistedResponses;
    }
  }
  return rows;
}

function sumRows(rows: Map<string, Float64Array>, block: number): Float64Array {
  const out = new Float64Array(block);
  for (const row of rows.values())
    for (let f = 0; f < block; f++) out[f] = (out[f] as number) + (row[f] as number);
  return out;
}
