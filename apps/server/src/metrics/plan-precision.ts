import { studentTQuantile } from "./distributions.js";
import {
  dailyProportions,
  type PromptDays,
  shareOfVoiceCount,
  visibilityCount,
} from "./prompt-day-counts.js";
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
 * - `answerVariance` w: one trial around its cell's rate (divided by the
 *   trials of a cell: engines × repetitions × `trialsPerAnswer`);
 * - `trialsPerAnswer`: a rate's trials per answer: 1 for visibility (an answer
 *   names the entity or not), the tracked entities' mentions per answer for
 *   share of voice (each mention is the entity's or another's).
 */
export interface PrecisionInputs {
  rate: number;
  promptVariance: number;
  dayVariance: number;
  cellVariance: number;
  answerVariance: number;
  trialsPerAnswer: number;
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
  // A cell's trials: its answers, or the mentions they hold (share of voice); at least one.
  const cell = c + w / Math.max(1, m * inputs.trialsPerAnswer);
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
 * per-prompt counts (every prompt-day cell of at least 2 trials), by moments
 * weighted as the ratio estimates weigh cells, by their trials (the cells of
 * share of voice hold as many trials as their answers name tracked entities,
 * and an unweighted variance of such cells' rates counts the noise of small
 * cells at its mean, not at the estimate's weight): w from the trials within
 * each cell; the prompt variance of a day's cells σ² = σ_a² + σ_c² from each
 * day's weighted between-cell sum, E[Σ n_p (r_p − R)²] = (P − 1) w +
 * σ² (N − Σ n_p² / N); the same over the prompts' rates pooled over the D
 * days, which estimates σ_a² + σ_c² / D; the variance of the days' rates τ² +
 * σ_c² Σ n_p² / N² + w / N (the same prompts are asked every day, so their own
 * effects σ_a² cancel between days). Components estimated below 0 are 0; w is at least
 * h (1 − h), h = ½ / (trials + 1), half a trial (a history where the brand is
 * never or always named predicts some width, not none). `days`: the days used.
 * When a trial is not an answer (share of voice: the mentions of tracked
 * entities are the trials, and an answer names the brand at most once),
 * `ratio` gives a day's answers (hence `trialsPerAnswer`) and w, which the
 * trials' binomial spread would overstate (`shareOfVoiceTrialVariance`).
 * Null without 2 days and 2 prompts of such cells.
 */
export function estimatePrecisionInputs(
  days: readonly DailyProportion[],
  ratio?: { answers: (date: string) => number; trialVariance: number },
): (PrecisionInputs & { days: number }) | null {
  const used = days
    .map((d) => ({ day: d, cells: (d.prompts ?? []).filter((p) => p.trials >= 2) }))
    .filter((d) => d.cells.length >= 2);
  if (used.length < 2) return null;
  let within = 0;
  let withinDf = 0;
  let answered = 0;
  const byPrompt = new Map<string, { successes: number; trials: number }>();
  const dayCells = used.map(({ day, cells }) => {
    for (const p of cells) {
      within += p.successes - p.successes ** 2 / p.trials;
      withinDf += p.trials - 1;
      const total = byPrompt.get(p.promptId) ?? { successes: 0, trials: 0 };
      total.successes += p.successes;
      total.trials += p.trials;
      byPrompt.set(p.promptId, total);
    }
    const sums = weightedSums(cells);
    // The day's answers behind the cells used (those of fewer than 2 trials left out in proportion).
    answered += ratio ? (ratio.answers(day.date) * sums.trials) / day.trials : sums.trials;
    return sums;
  });
  const D = used.length;
  const successes = dayCells.reduce((s, d) => s + d.successes, 0);
  const trials = dayCells.reduce((s, d) => s + d.trials, 0);
  // At least half a trial's worth: a brand never named (or always) is not known exactly.
  const half = 0.5 / (trials + 1);
  const w = Math.max(ratio?.trialVariance ?? within / withinDf, half * (1 - half));
  // σ² = σ_a² + σ_c², each day's estimate weighted by its effective cells.
  let promptDay = 0;
  let weight = 0;
  for (const d of dayCells) {
    promptDay += d.between - (d.cells - 1) * w;
    weight += d.effective;
  }
  const sigma = Math.max(0, promptDay / weight);
  const pooled = weightedSums([...byPrompt.values()]);
  // σ_a² + σ_c² / D from the prompts' pooled rates (the days' shared states cancel).
  const persistent = Math.max(0, (pooled.between - (pooled.cells - 1) * w) / pooled.effective);
  // σ_a² from the two: when σ_c² would come out below 0 (the pooled rates vary more than a
  // day's cells), σ_c² is 0 and both estimate σ_a², the pooled rates the more precisely.
  const promptVariance =
    persistent > sigma ? persistent : Math.max(0, (D * persistent - sigma) / (D - 1));
  const cellVariance = Math.max(0, sigma - promptVariance);
  const rates = dayCells.map((d) => d.successes / d.trials);
  const mean = rates.reduce((s, r) => s + r, 0) / D;
  const spread = rates.reduce((s, r) => s + (r - mean) ** 2, 0) / (D - 1);
  // The same prompts every day: their own effects σ_a² cancel in the days' rates.
  const sampling =
    dayCells.reduce((s, d) => s + (cellVariance * d.squares) / d.trials ** 2 + w / d.trials, 0) / D;
  return {
    rate: successes / trials,
    promptVariance,
    dayVariance: Math.max(0, spread - sampling),
    cellVariance,
    answerVariance: w,
    trialsPerAnswer: trials / answered,
    days: D,
  };
}

/**
 * Cells' totals and their weighted spread around the pooled rate R:
 * Σ n (r − R)², and N − Σ n² / N, the cells' effective count for a
 * variance between them.
 */
function weightedSums(cells: ReadonlyArray<{ successes: number; trials: number }>) {
  const successes = cells.reduce((s, c) => s + c.successes, 0);
  const trials = cells.reduce((s, c) => s + c.trials, 0);
  const squares = cells.reduce((s, c) => s + c.trials ** 2, 0);
  const rate = successes / trials;
  const between = cells.reduce((s, c) => s + c.trials * (c.successes / c.trials - rate) ** 2, 0);
  return {
    successes,
    trials,
    squares,
    between,
    cells: cells.length,
    effective: trials - squares / trials,
  };
}

/**
 * Share of voice's w, the variance per trial (a tracked entity's mention) of
 * the sampling of answers: an answer adds e = y − R n to the ratio's
 * linearised residual (y: it names the brand, n: the tracked entities it
 * names, R the cell's share), so a cell of m answers and n mentions varies by
 * m Var(e) / n², which is w / n with w = m Var(e) / n. Var(e) is taken from
 * the cell's counts with the entities named independently within an answer,
 * (1 − R)² v_brand + R² Σ v_other, v = p (1 − p) m / (m − 1) at the cell's
 * rates; answers that name rivals together (a list) vary less, so the
 * prediction errs wide; a cell whose answers all name the brand, or none do,
 * adds nothing (its own share is 0 or 1), which errs narrow when such cells
 * are common. Pooled over the cells of 2 answers or more and 2 mentions or
 * more, weighted by their mentions; null without such a cell.
 */
export function shareOfVoiceTrialVariance(
  cells: Iterable<{ responses: number; mentioned: readonly number[] }>,
  self: number,
): number | null {
  const list = [...cells].filter(
    (c) => c.responses >= 2 && c.mentioned.reduce((a, b) => a + b, 0) >= 2,
  );
  const mentions = list.reduce((s, c) => s + c.mentioned.reduce((a, b) => a + b, 0), 0);
  if (mentions === 0) return null;
  let total = 0;
  for (const c of list) {
    const m = c.responses;
    // Around the cell's own share: the sampling within the cell, not the cells' spread.
    const R = (c.mentioned[self] as number) / c.mentioned.reduce((a, b) => a + b, 0);
    const variance = (x: number) => ((x / m) * (1 - x / m) * m) / (m - 1);
    const others = c.mentioned.reduce((s, x, j) => (j === self ? s : s + variance(x)), 0);
    // m Var(e), summed over cells; divided by the mentions below.
    total += m * ((1 - R) ** 2 * variance(c.mentioned[self] as number) + R ** 2 * others);
  }
  return total / mentions;
}

/**
 * The inputs of the entity at `index` from the prompt-day counts of `days`
 * (`promptDayCounts`): of its visibility and of its share of voice, each
 * null when `estimatePrecisionInputs` is.
 */
export function metricPrecisionInputs(byDay: PromptDays, days: readonly string[], index: number) {
  const answers = new Map(
    days.map((day) => [
      day,
      [...(byDay.get(day)?.values() ?? [])].reduce((n, c) => n + c.responses, 0),
    ]),
  );
  const cells = days.flatMap((day) => [...(byDay.get(day)?.values() ?? [])]);
  const trialVariance = shareOfVoiceTrialVariance(cells, index);
  return {
    visibility: estimatePrecisionInputs(dailyProportions(byDay, days, visibilityCount(index))),
    // Without a cell of 2 answers naming tracked entities twice, w is unknown: null.
    shareOfVoice:
      trialVariance === null
        ? null
        : estimatePrecisionInputs(dailyProportions(byDay, days, shareOfVoiceCount(index)), {
            answers: (day) => answers.get(day) ?? 0,
            trialVariance,
          }),
  };
}
