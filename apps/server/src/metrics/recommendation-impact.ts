import { bootstrapDeltas, type DeltaEstimate, type DeltaMethod } from "./bootstrap-deltas.js";
import { bootstrapRatioInterval, ratio } from "./intervals.js";
import { twoWayRatio } from "./two-way-variance.js";
import { WindowSums } from "./window-sums.js";

/**
 * The metrics a recommendation's impact is measured on (docs/recommendations.md,
 * "Impact"). Every one is a ratio of answer counts summed over the target's
 * prompts (and engines): `visibility`, `share_of_voice` and `negative_share`
 * from the per-prompt rollups, `citation_rate` (owned, of `improve_page`),
 * `co_citation_rate` (of `earn_citation`) and `restricted_claims` from the
 * stored answers of the day.
 */
export const impactMetrics = [
  "visibility",
  "share_of_voice",
  "negative_share",
  "citation_rate",
  "co_citation_rate",
  "restricted_claims",
] as const;
export type ImpactMetric = (typeof impactMetrics)[number];

export const isImpactMetric = (name: string): name is ImpactMetric =>
  (impactMetrics as readonly string[]).includes(name);

/** Metrics where a fall is the improvement. */
export const lowerIsBetter: ReadonlySet<string> = new Set(["negative_share", "restricted_claims"]);

/**
 * The least data either day needs for a verdict: prompts with answers in the
 * metric's denominator (the bootstrap's clusters: with fewer, its interval is
 * unreliable) and those answers.
 */
export const MIN_IMPACT_PROMPTS = 5;
export const MIN_IMPACT_ANSWERS = 20;

export type ImpactVerdict = "improved" | "no_detectable_change" | "worse" | "not_enough_data";

/**
 * One prompt's counts of an impact metric on one engine and day (every
 * repetition summed): the metric is Σ numerator / Σ denominator over the
 * target's cells. `n` is the answers the metric is measured on (those in the
 * denominator: every answer for visibility and share of voice, the answers
 * naming the brand for `negative_share`, `citation_rate` and
 * `restricted_claims`).
 */
export interface RatioCell {
  promptId: string;
  engine: string;
  n: number;
  numerator: number;
  denominator: number;
}

/** A metric's value on some cells: 95% interval (cluster bootstrap over prompts) and answers. */
export interface TargetEstimate {
  value: number;
  ciLow: number;
  ciHigh: number;
  /** Answers the metric is measured on. */
  n: number;
  /** Prompts with such answers. */
  prompts: number;
}

/** The cells of a target: its prompts (all when none) and engines (all when none). */
export function targetCells<C extends { promptId: string; engine: string }>(
  cells: readonly C[],
  target: { promptIds: readonly string[]; engines: readonly string[] },
): C[] {
  const prompts = target.promptIds.length > 0 ? new Set(target.promptIds) : null;
  const engines = target.engines.length > 0 ? new Set(target.engines) : null;
  return cells.filter(
    (c) => (!prompts || prompts.has(c.promptId)) && (!engines || engines.has(c.engine)),
  );
}

/** The cells summed per prompt, sorted by prompt id: [numerator, denominator, n]. */
function promptSums(cells: readonly RatioCell[]): Array<[string, [number, number, number]]> {
  const byPrompt = new Map<string, [number, number, number]>();
  for (const c of cells) {
    const row = byPrompt.get(c.promptId) ?? [0, 0, 0];
    row[0] += c.numerator;
    row[1] += c.denominator;
    row[2] += c.n;
    byPrompt.set(c.promptId, row);
  }
  return [...byPrompt.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A metric's value on ratio cells (Σ numerator / Σ denominator) with the 95%
 * cluster-bootstrap percentile interval over prompts. Null without answers in
 * the denominator.
 */
export function estimateTargetMetric(options: {
  cells: readonly RatioCell[];
  seed: string;
  resamples?: number;
}): TargetEstimate | null {
  const rows = promptSums(options.cells);
  const n = rows.reduce((s, [, r]) => s + r[2], 0);
  const denominator = rows.reduce((s, [, r]) => s + r[1], 0);
  if (n <= 0 || denominator <= 0) return null;
  const numerators = rows.map(([, r]) => r[0]);
  const denominators = rows.map(([, r]) => r[1]);
  const value = ratio(
    numerators.reduce((s, x) => s + x, 0),
    denominator,
  );
  const [ciLow, ciHigh] = bootstrapRatioInterval({
    numerators,
    denominators,
    seed: options.seed,
    ...(options.resamples ? { resamples: options.resamples } : {}),
  });
  return { value, ciLow, ciHigh, n, prompts: rows.filter(([, r]) => r[2] > 0).length };
}

/**
 * Calendar days of each side's window: the baseline's ends on the baseline
 * day, the later one on the latest later day (after the day marked done).
 */
export const IMPACT_WINDOW_DAYS = 7;
/** Days with data each window needs for the test on the days' rates (df = days − 2 ≥ 4). */
export const MIN_IMPACT_WINDOW_DAYS = 3;

/**
 * The days a window compared (first and last day with data, and how many) and
 * the metric over them: value, 95% interval over prompts and days, answers.
 */
export interface ImpactWindow {
  from: string;
  to: string;
  days: number;
  value: number;
  ciLow: number;
  ciHigh: number;
  n: number;
}

/** current − baseline with its 95% interval, and the windows compared (null: two single days). */
export interface ImpactDelta extends Omit<DeltaEstimate, "method"> {
  method: DeltaMethod | "daily-rates-t";
  windows: { before: ImpactWindow; after: ImpactWindow } | null;
}

export interface ImpactMeasurement {
  verdict: ImpactVerdict;
  /** The metric on the baseline day's (or window's) cells, recomputed, or null. */
  baseline: TargetEstimate | null;
  /** The metric on the later cells, or null (no later data). */
  current: TargetEstimate | null;
  delta: ImpactDelta | null;
}

/** Each side's days (day → the target's ratio cells), for the test on the days' rates. */
export interface ImpactWindows {
  before: ReadonlyMap<string, readonly RatioCell[]>;
  after: ReadonlyMap<string, readonly RatioCell[]>;
}

/** Ratio cells as the point cells of bootstrap-deltas: the metric is then their "visibility". */
const asPointCells = (cells: readonly RatioCell[]) =>
  cells.map((c) => ({
    promptId: c.promptId,
    engine: c.engine,
    category: "*",
    responses: c.denominator,
    responsesWithCitations: 0,
    entities: {
      m: {
        mentionedResponses: c.numerator,
        rankSum: 0,
        citedResponses: 0,
        recommendedResponses: 0,
        shortlistedResponses: 0,
      },
    },
  }));

/**
 * A done recommendation's impact (docs/recommendations.md, "Impact"). With
 * `windows` of at least MIN_IMPACT_WINDOW_DAYS days with data on each side:
 * the later window against the baseline window by the test on the days' rates
 * (`measureWindows`), so the engines' drift from day to day is not taken for
 * the action's effect. Otherwise the metric on the target's ratio cells of
 * the baseline day (`before`) and of a later day (`after`), compared by the
 * paired cluster bootstrap of `bootstrapDeltas` (the significance test of the
 * metrics' deltas, docs/metrics.md "Significance of deltas", applied to the
 * ratio Σ numerator / Σ denominator as it applies to visibility: prompts with
 * answers on both days resampled as pairs). Verdict: `improved` / `worse` when
 * the interval excludes 0 on the metric's good / bad side (lower is better for
 * `negative_share` and `restricted_claims`), `no_detectable_change` when it
 * does not, and `not_enough_data` when either side has fewer than
 * MIN_IMPACT_PROMPTS prompts or MIN_IMPACT_ANSWERS answers in the metric's
 * denominator. Pure and deterministic in (options).
 */
export function measureImpact(options: {
  metric: string;
  before: readonly RatioCell[];
  after: readonly RatioCell[];
  /** Both sides' windows: with enough days on each, the days' rates are compared instead. */
  windows?: ImpactWindows;
  seed: string;
  resamples?: number;
}): ImpactMeasurement {
  const { metric, seed } = options;
  const windowed = options.windows && windowsOf(options.windows);
  const weekly = windowed && isImpactMetric(metric) ? measureWindows(metric, windowed) : null;
  // Weeks without enough prompts or answers: the two days, so `current` is a day's value.
  if (weekly) return weekly;
  const resamples = options.resamples ? { resamples: options.resamples } : {};
  const estimate = (cells: readonly RatioCell[], side: string) =>
    estimateTargetMetric({ cells, seed: `${seed}:${side}`, ...resamples });
  const baseline = estimate(options.before, "before");
  const current = estimate(options.after, "after");
  const none = { verdict: "not_enough_data" as const, baseline, current, delta: null };
  if (!isImpactMetric(metric) || !enough(baseline) || !enough(current)) return none;

  const result = bootstrapDeltas({
    before: asPointCells(options.before),
    after: asPointCells(options.after),
    entities: [{ id: "m", isSelf: true }],
    weights: { visibility: 1, shareOfVoice: 0, position: 0, citation: 0 },
    metrics: ["visibility"],
    // Target cells are already restricted (brand_research left out when loaded).
    includeBrandResearch: true,
    seed,
    ...resamples,
  });
  const delta = result?.entities[0]?.visibility;
  if (!delta) return none;
  return {
    verdict: verdictOf(metric, delta),
    baseline,
    current,
    delta: { ...delta, windows: null },
  };
}

const enough = (e: TargetEstimate | null): e is TargetEstimate =>
  e !== null && e.prompts >= MIN_IMPACT_PROMPTS && e.n >= MIN_IMPACT_ANSWERS;

function verdictOf(metric: string, d: { ciLow: number; ciHigh: number }): ImpactVerdict {
  const up = lowerIsBetter.has(metric) ? d.ciHigh < 0 : d.ciLow > 0;
  const down = lowerIsBetter.has(metric) ? d.ciLow > 0 : d.ciHigh < 0;
  return up ? "improved" : down ? "worse" : "no_detectable_change";
}

type WindowDays = Array<{
  date: string;
  cells: readonly RatioCell[];
  numerator: number;
  denominator: number;
}>;

/** Both windows' days with a denominator, sorted, when each has MIN_IMPACT_WINDOW_DAYS. */
function windowsOf(w: ImpactWindows): { before: WindowDays; after: WindowDays } | null {
  const days = (m: ReadonlyMap<string, readonly RatioCell[]>): WindowDays =>
    [...m]
      .map(([date, cells]) => ({
        date,
        cells,
        numerator: cells.reduce((s, c) => s + c.numerator, 0),
        denominator: cells.reduce((s, c) => s + c.denominator, 0),
      }))
      .filter((d) => d.denominator > 0)
      .sort((a, b) => (a.date < b.date ? -1 : 1));
  const before = days(w.before);
  const after = days(w.after);
  const enoughDays = (d: WindowDays) => d.length >= MIN_IMPACT_WINDOW_DAYS;
  return enoughDays(before) && enoughDays(after) ? { before, after } : null;
}

/** A window's metric as an estimate of its long run: two-way (prompt and day) interval. */
function weekEstimate(days: WindowDays): TargetEstimate | null {
  const cells = days.flatMap((d) =>
    d.cells.map((c) => ({ prompt: c.promptId, day: d.date, x: c.numerator, n: c.denominator })),
  );
  const n = days.reduce((s, d) => s + d.cells.reduce((a, c) => a + c.n, 0), 0);
  if (n <= 0) return null;
  const prompts = new Set(
    days.flatMap((d) => d.cells.filter((c) => c.n > 0).map((c) => c.promptId)),
  );
  const { value, ciLow, ciHigh } = twoWayRatio(cells);
  return { value, ciLow, ciHigh, n, prompts: prompts.size };
}

/**
 * The later window against the baseline window by the test of change
 * detection on the days' rates (`WindowSums.difference`: the engines' drift
 * from day to day is noise, prompts cancel), each side's value with its
 * two-way interval. Null when either week has fewer than MIN_IMPACT_PROMPTS
 * prompts or MIN_IMPACT_ANSWERS answers (the two days are then compared).
 */
function measureWindows(
  metric: ImpactMetric,
  w: { before: WindowDays; after: WindowDays },
): ImpactMeasurement | null {
  const baseline = weekEstimate(w.before);
  const current = weekEstimate(w.after);
  if (!enough(baseline) || !enough(current)) return null;
  const all = [...w.before, ...w.after].map((d) => ({
    date: d.date,
    successes: d.numerator,
    trials: d.denominator,
  }));
  const nb = w.before.length;
  const { delta, ciLow, ciHigh } = new WindowSums(all).test([nb, all.length], [0, nb]);
  const window = (days: WindowDays, e: TargetEstimate): ImpactWindow => ({
    from: (days[0] as { date: string }).date,
    to: (days.at(-1) as { date: string }).date,
    days: days.length,
    value: e.value,
    ciLow: e.ciLow,
    ciHigh: e.ciHigh,
    n: e.n,
  });
  return {
    verdict: verdictOf(metric, { ciLow, ciHigh }),
    baseline,
    current,
    delta: {
      delta,
      ciLow,
      ciHigh,
      significant: ciLow > 0 || ciHigh < 0,
      method: "daily-rates-t",
      windows: { before: window(w.before, baseline), after: window(w.after, current) },
    },
  };
}
