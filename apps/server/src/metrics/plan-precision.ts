import { studentTQuantile } from "./distributions.js";
import type { DailyProportion } from "./window-sums.js";

/** The detector's baseline: the 28 days before the week tested, at least 7 days with data. */
const BASELINE_WEEKS = 4;
const MIN_BASELINE_DAYS = 7;

/**
 * What a rate's precision depends on, per answer (docs/metrics.md, "Planning
 * precision"): the rate of one entity's visibility and the variance of a
 * prompt-day cell's rate split into its parts, for the model
 * r(prompt, day) = p + a(prompt) + b(day) + c(prompt, day) + sampling:
 * - `promptVariance` σ_a²: the prompts' own difficulty (persists across days);
 * - `dayVariance` τ²: the engines' state of a day, shared by its prompts;
 * - `cellVariance` σ_c²: a prompt's own move on a day;
 * - `answerVariance` w: one answer around its cell's rate (divided by the
 *   answers of a cell: engines × repetitions).
 */
export interface PrecisionInputs {
  rate: number;
  promptVariance: number;
  dayVariance: number;
  cellVariance: number;
  answerVariance: number;
}

/** A measurement design: prompts, answers per prompt a run day (engines × repetitions). */
export interface PlanDesign {
  prompts: number;
  answersPerPrompt: number;
  /** Run days a week (7 for daily runs). */
  daysPerWeek: number;
}

export interface PlanPrediction {
  /** Half-width of a day's 95% interval (prompts resampled: that day's engines). */
  dayHalfWidth: number;
  /** Half-width of a week's 95% interval of the long-run rate (prompts and days). */
  weekHalfWidth: number;
  /**
   * The smallest sustained change flagged with `power` by the weekly test of
   * change detection (the week against the 4 weeks before it, at `alpha`);
   * null when the baseline would hold fewer than MIN_BASELINE_DAYS run days
   * (the detector then never tests).
   */
  weeklyDetectableChange: number | null;
}

/**
 * Expected precision of a design from `inputs` (pure): a day's interval is
 * t_{P−1} √((σ_a² + σ_c² + w/m) / P); a week's, of D run days, t_df √(σ_a²/P +
 * τ²/D + (σ_c² + w/m)/(P D)) with Satterthwaite's df between its prompt part
 * (P − 1) and its day part (D − 1), as the two-way interval computes it; the
 * weekly test compares the days' rates of the week and of the 28 days before,
 * whose variance per day is τ² + (σ_c² + w/m)/P (prompt effects cancel), so
 * the detectable change is (t_{1−α/2} + t_{power}) √(v_day (1/D + 1/(4 D))).
 * Half-widths are capped at 0.5 and the change at 1 (a share's interval lies
 * within [0, 1]: a few prompts can predict more).
 */
export function predictPrecision(
  inputs: PrecisionInputs,
  design: PlanDesign,
  options: { alpha?: number; power?: number } = {},
): PlanPrediction {
  const alpha = options.alpha ?? 0.05;
  const power = options.power ?? 0.8;
  const { prompts: P, answersPerPrompt: m, daysPerWeek: D } = design;
  const { promptVariance: a, dayVariance: tau, cellVariance: c, answerVariance: w } = inputs;
  const cell = c + w / m;
  const day = (a + cell) / P;
  const promptPart = a / P + cell / (P * D);
  const dayPart = tau / D;
  const week = promptPart + dayPart;
  // Satterthwaite between the parts (P − 1 and D − 1 degrees of freedom, at least 1 each).
  const parts = promptPart ** 2 / Math.max(1, P - 1) + dayPart ** 2 / Math.max(1, D - 1);
  const df = parts > 0 ? Math.max(1, week ** 2 / parts) : Math.max(1, P - 1);
  const baselineDays = BASELINE_WEEKS * D;
  // The detector tests a day only with MIN_BASELINE_DAYS days of baseline: sparser runs never.
  let detectable: number | null = null;
  if (baselineDays >= MIN_BASELINE_DAYS) {
    const testDf = D + baselineDays - 2;
    const dayRates = tau + cell / P;
    detectable = Math.min(
      1,
      (studentTQuantile(1 - alpha / 2, testDf) + studentTQuantile(power, testDf)) *
        Math.sqrt(dayRates * (1 / D + 1 / baselineDays)),
    );
  }
  // An interval of a share lies within [0, 1]: its half-width is at most 0.5, a change at most 1.
  return {
    dayHalfWidth: Math.min(0.5, studentTQuantile(0.975, Math.max(1, P - 1)) * Math.sqrt(day)),
    weekHalfWidth: Math.min(0.5, studentTQuantile(0.975, df) * Math.sqrt(week)),
    weeklyDetectableChange: detectable,
  };
}

/**
 * The inputs of `predictPrecision` estimated from a history of days with
 * per-prompt counts (every prompt-day cell of at least 2 answers), by moments:
 * w from the answers within each cell; the between-prompt variance of a day's
 * cell rates s_b² = σ_a² + σ_c² + w/m; the variance of the prompts' rates over
 * all D days = σ_a² + (σ_c² + w/m)/D; the variance of the days' rates = τ² +
 * s_b²/P. Components estimated below 0 are 0; w is at least h (1 − h), h =
 * ½ / (answers + 1), half an answer (a history where the brand is never or
 * always named predicts some width, not none). `days`: the days used.
 * Null without 2 days and 2 prompts of such cells.
 */
export function estimatePrecisionInputs(
  days: readonly DailyProportion[],
): (PrecisionInputs & { days: number }) | null {
  const cells = days.map((d) => (d.prompts ?? []).filter((p) => p.trials >= 2));
  const used = cells.filter((list) => list.length >= 2);
  if (used.length < 2) return null;
  let successes = 0;
  let trials = 0;
  let within = 0;
  let withinDf = 0;
  let between = 0;
  let cellTrials = 0;
  let cellCount = 0;
  const dayRates: number[] = [];
  const byPrompt = new Map<string, { successes: number; trials: number }>();
  for (const list of used) {
    const y = list.reduce((s, p) => s + p.successes, 0);
    const n = list.reduce((s, p) => s + p.trials, 0);
    successes += y;
    trials += n;
    dayRates.push(y / n);
    const rates = list.map((p) => p.successes / p.trials);
    const mean = rates.reduce((s, r) => s + r, 0) / rates.length;
    between += rates.reduce((s, r) => s + (r - mean) ** 2, 0) / (rates.length - 1);
    for (const p of list) {
      within += p.successes - p.successes ** 2 / p.trials;
      withinDf += p.trials - 1;
      cellTrials += p.trials;
      cellCount++;
      const total = byPrompt.get(p.promptId) ?? { successes: 0, trials: 0 };
      total.successes += p.successes;
      total.trials += p.trials;
      byPrompt.set(p.promptId, total);
    }
  }
  const D = used.length;
  const m = cellTrials / cellCount;
  const P = cellCount / D;
  // At least half an answer's worth: a brand never named (or always) is not known exactly.
  const half = 0.5 / (trials + 1);
  const w = Math.max(within / withinDf, half * (1 - half));
  const sb = between / D;
  const promptRates = [...byPrompt.values()].map((t) => t.successes / t.trials);
  const varOf = (xs: number[]) => {
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    return xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1);
  };
  const promptVariance = Math.max(0, (D * varOf(promptRates) - sb) / (D - 1));
  const cellVariance = Math.max(0, sb - promptVariance - w / m);
  return {
    rate: successes / trials,
    promptVariance,
    dayVariance: Math.max(0, varOf(dayRates) - sb / P),
    cellVariance,
    answerVariance: w,
    days: D,
  };
}
