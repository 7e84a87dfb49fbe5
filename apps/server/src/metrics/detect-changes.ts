import { dayNumber } from "../days.js";
import { benjaminiHochberg } from "./benjamini-hochberg.js";
import { studentTTwoSidedP } from "./distributions.js";
import { runToEnd } from "./steps.js";

/** One day of a proportion (e.g. visibility: answers mentioning the entity / answers). */
export interface DailyProportion {
  /** YYYY-MM-DD (UTC). */
  date: string;
  successes: number;
  trials: number;
  /**
   * The same counts per prompt (summing to the day's). Given on every day of a
   * series, they make the variances cluster-robust and fill `movedPrompts`.
   */
  prompts?: Array<{ promptId: string; successes: number; trials: number }> | undefined;
}

/** The daily series of one entity on one engine (`engine` null: every engine pooled). */
export interface ChangeSeries {
  entityId: string;
  engine: string | null;
  days: DailyProportion[];
}

export interface ProportionEstimate {
  value: number;
  ciLow: number;
  ciHigh: number;
  /** Trials (answers) behind the value. */
  n: number;
}

export interface DetectedChange {
  entityId: string;
  engine: string | null;
  /** The day flagged (the last of the `recent` days compared). */
  date: string;
  /** The days pooled on the tested side: the days with data in [date − recentDays + 1, date]. */
  recent: { from: string; to: string; days: number };
  direction: "up" | "down";
  /** The rate over the `recent` days. */
  day: ProportionEstimate;
  /** The trailing baseline: the days with data in the `baselineDays` days before the recent ones. */
  baseline: ProportionEstimate & { from: string; to: string; days: number };
  /** day − baseline, with its 95% interval. */
  delta: number;
  deltaCiLow: number;
  deltaCiHigh: number;
  z: number;
  pValue: number;
  /** Benjamini-Hochberg adjusted p-value over the tests of its family (`family`). */
  qValue: number;
  method: "two-proportion-z-vs-trailing-baseline";
  /** Prompts on both the day and the baseline whose rate moved most (largest |change| first). */
  movedPrompts: Array<{ promptId: string; day: number; baseline: number; change: number }>;
}

export interface DetectChangesOptions {
  series: ChangeSeries[];
  /** Trailing window, in calendar days before the day tested. Default 28. */
  baselineDays?: number;
  /**
   * Days pooled on the tested side, ending at the day tested: 1 compares the day
   * itself, 7 the week ending on it (sustained changes accumulate evidence). Default 7.
   */
  recentDays?: number;
  /** Days with data the baseline needs before a day is tested. Default 7. */
  minBaselineDays?: number;
  /**
   * The Benjamini-Hochberg family: `day` (default) adjusts the tests of each
   * day together (every series tested that day), so a day's flags do not
   * depend on the other days asked for; `call` adjusts every (series, day) of
   * the call together.
   */
  family?: "day" | "call";
  /** False discovery rate within each family. Default `DEFAULT_CHANGE_FDR`. */
  fdr?: number;
  /** Prompts listed in `movedPrompts`. Default 5. */
  topPrompts?: number;
}

export interface DetectChangesResult {
  /** Tests run: (series, day) pairs with enough baseline. */
  tests: number;
  changes: DetectedChange[];
}

const Z_95 = 1.959963984540054;
/**
 * The default false discovery rate of each day's family: 0.5% keeps the share
 * of stable days with any flag near 0.05% and a stable 90-day series flags any
 * day in about 2% of cases, while a 10-point change is still flagged within a
 * week ~98% of the time (docs/metrics.md, "Change detection").
 */
export const DEFAULT_CHANGE_FDR = 0.005;

/**
 * Change detection over daily proportions (docs/metrics.md, "Change
 * detection"). For each day of each series, the recent days (the days with
 * data among the `recentDays` calendar days ending on it: the week by
 * default) are compared with the baseline (the days with data among the
 * `baselineDays` calendar days before those), when the baseline has at least
 * `minBaselineDays` days, by a two-proportion z-test: z = (p_recent − p_base) /
 * √(V_recent + V_base), the variances taken under the null (residuals around
 * the pooled rate) and, given per-prompt counts, cluster-robust with the prompt
 * as cluster (V = C/(C−1) · Σ_c (y_c − p₀ n_c)² / N², p-value from t with C − 1
 * degrees of freedom), binomial otherwise (normal p-value). The tests then go
 * through Benjamini-Hochberg at `fdr` within each family (by default the tests
 * of one day: every entity × engine tested that day); flagged days come back with their evidence, sorted by date, entity
 * and engine. Pure and deterministic.
 */
export function detectChanges(options: DetectChangesOptions): DetectChangesResult {
  return runToEnd(detectChangesInSteps(options));
}

/**
 * `detectChanges` in bounded steps: it yields after each series and each
 * flagged change, so a caller on a busy thread can let other work run between
 * them (services: `runInSlices`). Pure: the steps do no I/O.
 */
export function* detectChangesInSteps(
  options: DetectChangesOptions,
): Generator<void, DetectChangesResult, void> {
  const baselineDays = options.baselineDays ?? 28;
  const recentDays = options.recentDays ?? 7;
  const minBaselineDays = options.minBaselineDays ?? 7;
  const fdr = options.fdr ?? DEFAULT_CHANGE_FDR;
  const family = options.family ?? "day";
  const topPrompts = options.topPrompts ?? 5;
  // First pass: the p-value of every (series, day), from prefix sums only.
  const tests: Array<{
    series: number;
    from: number;
    day: number;
    to: number;
    date: string;
    pValue: number;
  }> = [];
  const prepared: Array<{ series: ChangeSeries; days: DailyProportion[]; sums: WindowSums }> = [];
  for (const series of options.series) {
    const days = series.days
      .filter((d) => d.trials > 0)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    prepared.push({ series, days, sums: new WindowSums(days) });
    yield;
  }
  for (const [s, { days, sums }] of prepared.entries()) {
    let recentStart = 0;
    let baseStart = 0;
    const dayNumbers = days.map((d) => dayNumber(d.date));
    for (const [i, day] of dayNumbers.entries()) {
      const recentFrom = day + 1 - recentDays;
      const baseFrom = recentFrom - baselineDays;
      while ((dayNumbers[recentStart] as number) < recentFrom) recentStart++;
      while ((dayNumbers[baseStart] as number) < baseFrom) baseStart++;
      if (recentStart - baseStart < minBaselineDays) continue;
      const { pValue } = zTest(sums, [recentStart, i + 1], [baseStart, recentStart]);
      const date = (days[i] as DailyProportion).date;
      tests.push({ series: s, from: baseStart, day: recentStart, to: i + 1, date, pValue });
    }
    yield;
  }
  // Second pass: Benjamini-Hochberg over each family, evidence for the flagged ones.
  const q = adjust(tests, family);
  const key = (c: DetectedChange) => `${c.date} ${c.entityId} ${c.engine ?? ""}`;
  const changes: DetectedChange[] = [];
  for (const [i, t] of tests.entries()) {
    const qValue = q[i] as number;
    if (qValue > fdr) continue;
    const { series, days, sums } = prepared[t.series] as (typeof prepared)[number];
    changes.push(evidence({ series, days, sums, test: t, qValue, topPrompts }));
    yield;
  }
  changes.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return { tests: tests.length, changes };
}

/** q-values of the tests, in their order, BH within each day or over all of them. */
function adjust(tests: Array<{ date: string; pValue: number }>, family: "day" | "call"): number[] {
  if (family === "call") return benjaminiHochberg(tests.map((t) => t.pValue));
  const byDay = new Map<string, number[]>();
  tests.forEach((t, i) => {
    const list = byDay.get(t.date);
    if (list) list.push(i);
    else byDay.set(t.date, [i]);
  });
  const q = new Array<number>(tests.length).fill(1);
  for (const indices of byDay.values()) {
    const adjusted = benjaminiHochberg(indices.map((i) => (tests[i] as { pValue: number }).pValue));
    indices.forEach((i, k) => {
      q[i] = adjusted[k] as number;
    });
  }
  return q;
}

type Counts = { successes: number; trials: number };

/** Sums over contiguous ranges of days: totals and, when every day has them, per-prompt counts. */
class WindowSums {
  private readonly successes: Float64Array;
  private readonly trials: Float64Array;
  /** Prefix sums per prompt: [day + 1][prompt] (successes, trials). */
  private readonly promptSums: Float64Array | undefined;
  private readonly promptIds: string[];

  constructor(days: DailyProportion[]) {
    const n = days.length;
    this.successes = new Float64Array(n + 1);
    this.trials = new Float64Array(n + 1);
    days.forEach((d, i) => {
      this.successes[i + 1] = (this.successes[i] as number) + d.successes;
      this.trials[i + 1] = (this.trials[i] as number) + d.trials;
    });
    const withPrompts = n > 0 && days.every((d) => d.prompts);
    this.promptIds = withPrompts
      ? [...new Set(days.flatMap((d) => (d.prompts ?? []).map((p) => p.promptId)))].sort()
      : [];
    if (!withPrompts) return;
    const P = this.promptIds.length;
    const index = new Map(this.promptIds.map((p, i) => [p, i]));
    const sums = new Float64Array((n + 1) * P * 2);
    days.forEach((d, i) => {
      sums.copyWithin((i + 1) * P * 2, i * P * 2, (i + 1) * P * 2);
      for (const p of d.prompts ?? []) {
        const at = (i + 1) * P * 2 + 2 * (index.get(p.promptId) as number);
        sums[at] = (sums[at] as number) + p.successes;
        sums[at + 1] = (sums[at + 1] as number) + p.trials;
      }
    });
    this.promptSums = sums;
  }

  /** Days [from, to) summed. */
  total(from: number, to: number): Counts {
    return {
      successes: (this.successes[to] as number) - (this.successes[from] as number),
      trials: (this.trials[to] as number) - (this.trials[from] as number),
    };
  }

  /**
   * Variance of Σ successes / Σ trials over days [from, to) around `rate`:
   * cluster-robust over prompts (C/(C−1) · Σ_c (y_c − rate · n_c)² / N²) with
   * two or more prompts, binomial (rate (1 − rate) / N) otherwise; and the
   * number of prompt clusters (0 without per-prompt counts).
   */
  variance(from: number, to: number, rate: number): { variance: number; clusters: number } {
    const { trials } = this.total(from, to);
    let clusters = 0;
    let squares = 0;
    this.eachPrompt(from, to, (successes, n) => {
      clusters++;
      squares += (successes - rate * n) ** 2;
    });
    if (clusters < 2) return { variance: (rate * (1 - rate)) / trials, clusters };
    return { variance: ((clusters / (clusters - 1)) * squares) / trials ** 2, clusters };
  }

  /** Per-prompt counts over days [from, to); undefined without them. */
  prompts(from: number, to: number): Map<string, Counts> | undefined {
    if (!this.promptSums) return undefined;
    const out = new Map<string, Counts>();
    this.eachPrompt(from, to, (successes, trials, p) => {
      out.set(this.promptIds[p] as string, { successes, trials });
    });
    return out;
  }

  private eachPrompt(
    from: number,
    to: number,
    visit: (successes: number, trials: number, prompt: number) => void,
  ): void {
    const sums = this.promptSums;
    if (!sums) return;
    const P = this.promptIds.length;
    for (let p = 0; p < P; p++) {
      const hi = to * P * 2 + 2 * p;
      const lo = from * P * 2 + 2 * p;
      const trials = (sums[hi + 1] as number) - (sums[lo + 1] as number);
      if (trials > 0) visit((sums[hi] as number) - (sums[lo] as number), trials, p);
    }
  }
}

/**
 * The z statistic of the tested days [from, to) against the baseline days
 * (variances under the null, around the pooled rate) and its two-sided p-value:
 * with prompt clusters the variance is estimated from C clusters, so t with
 * C − 1 degrees of freedom (C of the tested side, the fewer); normal otherwise.
 */
function zTest(
  sums: WindowSums,
  tested: [number, number],
  base: [number, number],
): { z: number; pValue: number; p1: number; p0: number } {
  const t = sums.total(...tested);
  const b = sums.total(...base);
  const p1 = t.successes / t.trials;
  const p0 = b.successes / b.trials;
  const pooled = (t.successes + b.successes) / (t.trials + b.trials);
  const testedVariance = sums.variance(...tested, pooled);
  const v = testedVariance.variance + sums.variance(...base, pooled).variance;
  const z = v > 0 ? (p1 - p0) / Math.sqrt(v) : 0;
  const clusters = testedVariance.clusters;
  return { z, p1, p0, pValue: studentTTwoSidedP(z, clusters >= 2 ? clusters - 1 : Infinity) };
}

function evidence(args: {
  series: ChangeSeries;
  days: DailyProportion[];
  sums: WindowSums;
  test: { from: number; day: number; to: number };
  qValue: number;
  topPrompts: number;
}): DetectedChange {
  const { days, sums, test } = args;
  const tested: [number, number] = [test.day, test.to];
  const base: [number, number] = [test.from, test.day];
  const { z, pValue, p1, p0 } = zTest(sums, tested, base);
  const testedVariance = sums.variance(...tested, p1).variance;
  const baseVariance = sums.variance(...base, p0).variance;
  const half = Z_95 * Math.sqrt(testedVariance + baseVariance);
  const delta = p1 - p0;
  const date = (i: number) => (days[i] as DailyProportion).date;
  return {
    entityId: args.series.entityId,
    engine: args.series.engine,
    date: date(test.to - 1),
    recent: { from: date(test.day), to: date(test.to - 1), days: test.to - test.day },
    direction: delta >= 0 ? "up" : "down",
    day: estimate(p1, testedVariance, sums.total(...tested).trials),
    baseline: {
      ...estimate(p0, baseVariance, sums.total(...base).trials),
      from: date(test.from),
      to: date(test.day - 1),
      days: test.day - test.from,
    },
    delta,
    deltaCiLow: delta - half,
    deltaCiHigh: delta + half,
    z,
    pValue,
    qValue: args.qValue,
    method: "two-proportion-z-vs-trailing-baseline",
    movedPrompts: movedPrompts(sums.prompts(...tested), sums.prompts(...base), args.topPrompts),
  };
}

function movedPrompts(
  day: Map<string, Counts> | undefined,
  base: Map<string, Counts> | undefined,
  top: number,
): DetectedChange["movedPrompts"] {
  if (!day || !base || top <= 0) return [];
  const moved: DetectedChange["movedPrompts"] = [];
  for (const [promptId, c] of day) {
    const b = base.get(promptId);
    if (!b || b.trials === 0 || c.trials === 0) continue;
    const now = c.successes / c.trials;
    const then = b.successes / b.trials;
    moved.push({ promptId, day: now, baseline: then, change: now - then });
  }
  moved.sort(
    (a, b) => Math.abs(b.change) - Math.abs(a.change) || (a.promptId < b.promptId ? -1 : 1),
  );
  return moved.slice(0, top);
}

function estimate(value: number, v: number, n: number): ProportionEstimate {
  const half = Z_95 * Math.sqrt(v);
  return { value, ciLow: Math.max(0, value - half), ciHigh: Math.min(1, value + half), n };
}
