import { dayNumber } from "../days.js";
import { benjaminiHochberg } from "./benjamini-hochberg.js";
import { runToEnd } from "./steps.js";
import { type ResamplingUnit, tInterval } from "./two-way-variance.js";
import { type Counts, type DailyProportion, WindowSums } from "./window-sums.js";

export type { DailyProportion } from "./window-sums.js";

/** The test of `DetectedChange.method` (docs/metrics.md, "Change detection"). */
export const CHANGE_METHOD = "daily-rates-t-vs-trailing-baseline";
/**
 * The revision of its variance estimate, in stored days' fingerprints
 * (2: the days' dispersion weighted by their answers, floored).
 */
export const CHANGE_TEST_REVISION = 2;

/** The daily series of one entity on one engine (`engine` null: every engine pooled). */
export interface ChangeSeries {
  entityId: string;
  engine: string | null;
  days: DailyProportion[];
}

/** A window's rate as an estimate of the long-run rate, with its 95% interval. */
export interface ProportionEstimate {
  value: number;
  ciLow: number;
  ciHigh: number;
  /** Trials (answers) behind the value. */
  n: number;
  /** The clusters the interval accounts for: prompts and days, or one of them. */
  unit: ResamplingUnit;
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
  /** day − baseline, with its 95% interval (from the days' rates, as the test). */
  delta: number;
  deltaCiLow: number;
  deltaCiHigh: number;
  /** The test statistic: delta over its standard error, t with `df` degrees of freedom. */
  z: number;
  df: number;
  pValue: number;
  /** Benjamini-Hochberg adjusted p-value over the tests of its family (`family`). */
  qValue: number;
  method: typeof CHANGE_METHOD;
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
  /**
   * Also return the tests not flagged whose p-value is at most this
   * (`borderline`: what adaptive sampling confirms). Default 0: none.
   */
  borderlineP?: number;
}

export interface DetectChangesResult {
  /** Tests run: (series, day) pairs with enough baseline. */
  tests: number;
  changes: DetectedChange[];
  /** Tests not flagged with p ≤ `borderlineP`, with their evidence, in the order of `changes`. */
  borderline: DetectedChange[];
}

/**
 * The default false discovery rate of each day's family: 0.05% keeps the share
 * of stable days with any flag under 0.1% and a stable 90-day series flags any
 * day in under 5% of cases, with or without day-to-day drift of the engines,
 * while a 10-point change of a stable series is still flagged within a week
 * ~94% of the time (docs/metrics.md, "Change detection").
 */
export const DEFAULT_CHANGE_FDR = 0.0005;

/**
 * Change detection over daily proportions (docs/metrics.md, "Change
 * detection"). For each day of each series, the recent days (the days with
 * data among the `recentDays` calendar days ending on it: the week by
 * default) are compared with the baseline (the days with data among the
 * `baselineDays` calendar days before those), when the baseline has at least
 * `minBaselineDays` days, by a t-test on the days' rates
 * (`WindowSums.difference`): t = (p_recent − p_base) / √(φ̂ (1/N_recent +
 * 1/N_base)), φ̂ the days' dispersion per answer (their squared deviations from
 * their side's rate weighted by their answers), with days − 2 degrees of
 * freedom. A day's rate moves with that day's engine state as well as with
 * its answers' sampling, and both are in φ̂, so a stable process whose engines
 * drift from day to day is not flagged for it; prompt effects cancel (the same
 * prompts are asked on both sides); a small day (a smoke or partial run)
 * weighs by its answers. The tests then go
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
      const { pValue } = sums.test([recentStart, i + 1], [baseStart, recentStart]);
      const date = (days[i] as DailyProportion).date;
      tests.push({ series: s, from: baseStart, day: recentStart, to: i + 1, date, pValue });
    }
    yield;
  }
  // Second pass: Benjamini-Hochberg over each family, evidence for the flagged ones.
  const q = adjust(tests, family);
  const key = (c: DetectedChange) => `${c.date} ${c.entityId} ${c.engine ?? ""}`;
  const changes: DetectedChange[] = [];
  const borderline: DetectedChange[] = [];
  const borderlineP = options.borderlineP ?? 0;
  for (const [i, t] of tests.entries()) {
    const qValue = q[i] as number;
    const flagged = qValue <= fdr;
    if (!flagged && t.pValue > borderlineP) continue;
    const { series, days, sums } = prepared[t.series] as (typeof prepared)[number];
    (flagged ? changes : borderline).push(
      evidence({ series, days, sums, test: t, qValue, topPrompts }),
    );
    yield;
  }
  const byKey = (a: DetectedChange, b: DetectedChange) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  changes.sort(byKey);
  borderline.sort(byKey);
  return { tests: tests.length, changes, borderline };
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
  const { t, df, pValue, delta, ciLow, ciHigh } = sums.test(tested, base);
  const date = (i: number) => (days[i] as DailyProportion).date;
  return {
    entityId: args.series.entityId,
    engine: args.series.engine,
    date: date(test.to - 1),
    recent: { from: date(test.day), to: date(test.to - 1), days: test.to - test.day },
    direction: delta >= 0 ? "up" : "down",
    day: windowEstimate(sums, tested),
    baseline: {
      ...windowEstimate(sums, base),
      from: date(test.from),
      to: date(test.day - 1),
      days: test.day - test.from,
    },
    delta,
    deltaCiLow: ciLow,
    deltaCiHigh: ciHigh,
    z: t,
    df,
    pValue,
    qValue: args.qValue,
    method: CHANGE_METHOD,
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

/** A window's rate with its 95% interval for the long-run rate (`WindowSums.rateVariance`). */
export function windowEstimate(sums: WindowSums, [from, to]: [number, number]): ProportionEstimate {
  const { successes, trials } = sums.total(from, to);
  const value = successes / trials;
  const variance = sums.rateVariance(from, to);
  const [ciLow, ciHigh] = tInterval(value, variance, [0, 1]);
  return { value, ciLow, ciHigh, n: trials, unit: variance.unit };
}
