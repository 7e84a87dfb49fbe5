import { addDays, dayNumber } from "../days.js";
import type { ChangeSeries, DetectedChange } from "./detect-changes.js";
import { studentTQuantile } from "./distributions.js";

/**
 * Adaptive sampling's confirmation of a borderline change (docs/metrics.md,
 * "Adaptive sampling"). A test of change detection that is not flagged but
 * whose p-value is at most BORDERLINE_P_VALUE starts a confirmation: the
 * prompts that moved most in its direction get extra answers on the series'
 * engines on the next run days, and a test valid under that optional stopping
 * decides whether the fresh answers differ from the reference window before
 * the detector's baseline. Pure.
 */

/** A detector's test at most this (and not flagged) starts a confirmation. */
export const BORDERLINE_P_VALUE = 0.001;
/** The chance that a stable series' confirmation ever confirms, at most. */
export const CONFIRMATION_ALPHA = 0.05;
/** Run days of fresh answers a confirmation collects before it expires. */
export const CONFIRMATION_MAX_DAYS = 7;
/** Prompts a confirmation follows. */
export const CONFIRMATION_PROMPTS = 10;
/** Extra answers a run day asks of each followed prompt on each of the series' engines. */
export const CONFIRMATION_REPETITIONS = 4;
/**
 * The mixture's spread of the change (a share): the boundary of the
 * confidence sequence is tightest for changes of about this size.
 */
export const CONFIRMATION_EFFECT_SD = 0.1;

/** Counts of the followed prompts on one day (on the series' engines). */
export interface ConfirmationDay {
  date: string;
  successes: number;
  trials: number;
}

export interface ConfirmationPlan {
  entityId: string;
  engine: string | null;
  /** The borderline day. */
  date: string;
  direction: "up" | "down";
  /** The followed prompts: those that moved most in `direction`. */
  promptIds: string[];
  /**
   * The followed prompts' rate over the reference window (the days before the
   * detector's baseline) with the variance of that rate, its degrees of
   * freedom, and the parts of a day's variance: the engines' state
   * `dayVariance` and an answer's `answerVariance`.
   */
  reference: {
    from: string;
    to: string;
    days: number;
    rate: number;
    rateVariance: number;
    df: number;
    dayVariance: number;
    answerVariance: number;
  };
}

export type ConfirmationStatus = "collecting" | "confirmed" | "expired";

export interface ConfirmationVerdict {
  status: ConfirmationStatus;
  /** Fresh days counted (up to the one that confirmed) and their answers. */
  days: number;
  trials: number;
  /** The fresh rate (days weighted by their precision) and its confidence sequence. */
  rate: number | null;
  low: number | null;
  high: number | null;
  /** The reference rate's one-sided bound the fresh rate must pass. */
  referenceBound: number;
}

/** Calendar days of the reference window, before the detector's baseline. */
export const REFERENCE_DAYS = 28;
/** Days with data the reference window needs. */
export const MIN_REFERENCE_DAYS = 7;

/**
 * The plan of a confirmation for a borderline test of `series` (its
 * evidence from `detectChanges` with `borderlineP`): the followed prompts are
 * the `prompts` that moved most in the change's direction from the detector's
 * baseline to its recent days, and the fresh days are compared with the
 * **reference window**, the days with data among the REFERENCE_DAYS calendar
 * days before the baseline. Neither the baseline nor the recent days can be
 * the reference: the test was borderline because they differ, partly by
 * chance (a low baseline makes a rise borderline), and the prompts were
 * chosen for their move between them, so either would bias the comparison
 * towards confirming; the reference window is independent of both choices.
 * Null without per-prompt counts, without a prompt that moved in the
 * direction of the change, or with fewer than MIN_REFERENCE_DAYS reference
 * days holding the followed prompts.
 */
export function planConfirmation(
  change: DetectedChange,
  series: ChangeSeries,
  prompts = CONFIRMATION_PROMPTS,
): ConfirmationPlan | null {
  const within = (from: string, to: string) =>
    series.days
      .filter((d) => d.trials > 0 && d.date >= from && d.date <= to)
      .sort((a, b) => (a.date < b.date ? -1 : 1));
  const sign = change.direction === "up" ? 1 : -1;
  const rates = (days: ChangeSeries["days"]) => {
    const byPrompt = new Map<string, { successes: number; trials: number }>();
    for (const d of days) {
      for (const p of d.prompts ?? []) {
        const total = byPrompt.get(p.promptId) ?? { successes: 0, trials: 0 };
        total.successes += p.successes;
        total.trials += p.trials;
        byPrompt.set(p.promptId, total);
      }
    }
    return byPrompt;
  };
  const before = rates(within(change.baseline.from, change.baseline.to));
  const moved = [...rates(within(change.recent.from, change.recent.to))]
    .flatMap(([promptId, now]) => {
      const then = before.get(promptId);
      if (!then || then.trials === 0 || now.trials === 0) return [];
      const change = sign * (now.successes / now.trials - then.successes / then.trials);
      return change > 0 ? [{ promptId, change }] : [];
    })
    .sort((a, b) => b.change - a.change || (a.promptId < b.promptId ? -1 : 1))
    .slice(0, prompts);
  if (moved.length === 0) return null;
  const followed = new Set(moved.map((m) => m.promptId));
  const reference = within(
    addDays(change.baseline.from, -REFERENCE_DAYS),
    addDays(change.baseline.from, -1),
  )
    .map((d) => followedCounts(d, followed))
    .filter((d): d is ConfirmationDay => d !== null);
  if (reference.length < MIN_REFERENCE_DAYS) return null;
  return {
    entityId: series.entityId,
    engine: series.engine,
    date: change.date,
    direction: change.direction,
    promptIds: [...followed].sort(),
    reference: {
      from: (reference[0] as ConfirmationDay).date,
      to: (reference[reference.length - 1] as ConfirmationDay).date,
      ...referenceParts(reference),
    },
  };
}

/** The followed prompts' counts on one day of a series, null when none was asked. */
export function followedCounts(
  day: ChangeSeries["days"][number],
  followed: ReadonlySet<string>,
): ConfirmationDay | null {
  let successes = 0;
  let trials = 0;
  for (const p of day.prompts ?? []) {
    if (!followed.has(p.promptId)) continue;
    successes += p.successes;
    trials += p.trials;
  }
  return trials > 0 ? { date: day.date, successes, trials } : null;
}

/**
 * The reference days' rate and the parts of a day's variance: a day's rate
 * varies by τ² (the engines' state) + v / n (its n answers), v = p (1 − p) at
 * the rate shrunk by half an answer; τ² by moments from the days' rates (their
 * spread less the answers' part, at least 0). The rate's variance is the
 * days' weighted spread over their answers (the days are the unit: both parts
 * are in it), at least that of independent answers.
 */
function referenceParts(days: readonly ConfirmationDay[]) {
  const D = days.length;
  const successes = days.reduce((s, d) => s + d.successes, 0);
  const trials = days.reduce((s, d) => s + d.trials, 0);
  const rate = successes / trials;
  const shrunk = (successes + 0.5) / (trials + 1);
  const answerVariance = shrunk * (1 - shrunk);
  const rates = days.map((d) => d.successes / d.trials);
  const mean = rates.reduce((s, r) => s + r, 0) / D;
  const spread = rates.reduce((s, r) => s + (r - mean) ** 2, 0) / (D - 1);
  const sampling = days.reduce((s, d) => s + answerVariance / d.trials, 0) / D;
  const residuals = days.reduce((s, d) => s + (d.successes - rate * d.trials) ** 2, 0);
  const rateVariance = Math.max((residuals * D) / (D - 1) / trials ** 2, answerVariance / trials);
  return {
    days: D,
    rate,
    rateVariance,
    df: D - 1,
    dayVariance: Math.max(0, spread - sampling),
    answerVariance,
  };
}

/**
 * The verdict on the fresh days so far (the followed prompts' answers on the
 * series' engines on the run days after the borderline day, the extra ones
 * included). The fresh rate's confidence sequence is Robbins' normal mixture
 * (each day's rate with variance τ² + v / n from the baseline, a mixture of
 * changes N(0, CONFIRMATION_EFFECT_SD²)): with probability at least 1 − α it
 * holds the fresh days' rate at every day at once, however many days are
 * looked at or added because of what was seen. The change is confirmed when
 * the sequence's bound in its direction passes the reference rate's one-sided
 * bound; each at α / 2 (the sequence two-sided at α / 2), so a stable series
 * confirms with probability at most α, whenever it is looked at. Expired
 * after `maxDays` fresh days.
 */
export function confirmationVerdict(
  plan: ConfirmationPlan,
  fresh: readonly ConfirmationDay[],
  options: { alpha?: number; maxDays?: number } = {},
): ConfirmationVerdict {
  const alpha = options.alpha ?? CONFIRMATION_ALPHA;
  const maxDays = options.maxDays ?? CONFIRMATION_MAX_DAYS;
  const { reference } = plan;
  const sign = plan.direction === "up" ? 1 : -1;
  const referenceBound =
    reference.rate +
    sign * studentTQuantile(1 - alpha / 2, reference.df) * Math.sqrt(reference.rateVariance);
  const days = [...fresh]
    .filter((d) => d.trials > 0 && dayNumber(d.date) > dayNumber(plan.date))
    .sort((a, b) => (a.date < b.date ? -1 : 1))
    .slice(0, maxDays);
  let information = 0;
  let weighted = 0;
  let trials = 0;
  let counted = 0;
  let status: ConfirmationStatus = days.length >= maxDays ? "expired" : "collecting";
  let bounds: { rate: number; low: number; high: number } | null = null;
  for (const d of days) {
    const w = 1 / (reference.dayVariance + reference.answerVariance / d.trials);
    information += w;
    weighted += (w * d.successes) / d.trials;
    trials += d.trials;
    counted++;
    bounds = mixtureBounds(weighted / information, information, alpha / 2);
    const passed = sign > 0 ? bounds.low > referenceBound : bounds.high < referenceBound;
    if (passed) {
      status = "confirmed";
      break;
    }
  }
  return {
    status,
    days: counted,
    trials,
    rate: bounds?.rate ?? null,
    low: bounds?.low ?? null,
    high: bounds?.high ?? null,
    referenceBound,
  };
}

/**
 * Robbins' normal-mixture confidence sequence of a mean from days of known
 * precision: with S = I (x̄ − μ) and information I, the mixture over changes
 * N(0, 1/ρ) of exp(θ S − θ² I / 2) is √(ρ / (ρ + I)) exp(S² / (2 (ρ + I))), a
 * nonnegative martingale of mean 1 under μ, so (Ville) it reaches 1/α with
 * probability at most α: |x̄ − μ| < √((ρ + I) (2 ln(1/α) + ln((ρ + I) / ρ))) / I
 * at every day at once.
 */
export function mixtureBounds(
  mean: number,
  information: number,
  alpha: number,
): { rate: number; low: number; high: number } {
  const rho = 1 / CONFIRMATION_EFFECT_SD ** 2;
  const total = rho + information;
  const radius = Math.sqrt(total * (2 * Math.log(1 / alpha) + Math.log(total / rho))) / information;
  return { rate: mean, low: mean - radius, high: mean + radius };
}
