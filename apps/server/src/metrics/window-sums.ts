import { studentTTwoSidedP } from "./distributions.js";
import { type TwoWayVariance, tInterval, twoWayVariance } from "./two-way-variance.js";

/** One day of a proportion (e.g. visibility: answers mentioning the entity / answers). */
export interface DailyProportion {
  /** YYYY-MM-DD (UTC). */
  date: string;
  successes: number;
  trials: number;
  /**
   * The same counts per prompt (summing to the day's). Given on every day of a
   * series, they make the window intervals two-way (prompt and day) and fill
   * the changes' `movedPrompts`.
   */
  prompts?: Array<{ promptId: string; successes: number; trials: number }> | undefined;
}

export type Counts = { successes: number; trials: number };

/** The difference of two windows' rates, tested on the days' rates (see `difference`). */
export interface DayLevelDifference {
  delta: number;
  /** Variance of `delta`: φ̂ · (1 / N_recent + 1 / N_base), φ̂ the days' dispersion per answer. */
  variance: number;
  /** Days of both sides − 2. */
  df: number;
}

/** `DayLevelDifference` tested: t = delta / √variance, its two-sided p and 95% interval. */
export interface DayLevelTest extends DayLevelDifference {
  t: number;
  pValue: number;
  ciLow: number;
  ciHigh: number;
}

// Prefix sums per day (index i + 1 holds days [0, i]), one Float64Array per
// quantity; integers only, so a window's sum is exact whatever its start (a
// day's result must not depend on the range asked for).
const DAY_COLUMNS = [
  "successes",
  "trials",
  "trialsSquared",
  "daySS",
  "daySN",
  "cellSS",
  "cellSN",
  "cellNN",
] as const;
type DayColumn = (typeof DAY_COLUMNS)[number];

/**
 * Sums over contiguous ranges of a series' days (sorted, each with trials), in
 * O(1) a range, or O(prompts) with per-prompt counts: totals, the window
 * rate's two-way variance and the day-level test of two windows.
 */
export class WindowSums {
  private readonly prefix: Record<DayColumn, Float64Array>;
  /** Each day's rate (summed directly over a window: fractions would round differently). */
  private readonly rates: Float64Array;
  /** Prefix sums per prompt: [day + 1][prompt] (successes, trials). */
  private readonly promptSums: Float64Array | undefined;
  private readonly promptIds: string[];

  constructor(days: readonly DailyProportion[]) {
    const n = days.length;
    const prefix = Object.fromEntries(DAY_COLUMNS.map((c) => [c, new Float64Array(n + 1)]));
    this.prefix = prefix as Record<DayColumn, Float64Array>;
    this.rates = Float64Array.from(days, (d) => d.successes / d.trials);
    const withPrompts = n > 0 && days.every((d) => d.prompts);
    days.forEach((d, i) => {
      let cellSS = 0;
      let cellSN = 0;
      let cellNN = 0;
      for (const p of withPrompts ? (d.prompts ?? []) : []) {
        cellSS += p.successes * p.successes;
        cellSN += p.successes * p.trials;
        cellNN += p.trials * p.trials;
      }
      const values: Record<DayColumn, number> = {
        successes: d.successes,
        trials: d.trials,
        trialsSquared: d.trials * d.trials,
        daySS: d.successes * d.successes,
        daySN: d.successes * d.trials,
        cellSS,
        cellSN,
        cellNN,
      };
      for (const c of DAY_COLUMNS) {
        const column = this.prefix[c];
        column[i + 1] = (column[i] as number) + values[c];
      }
    });
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

  private sum(column: DayColumn, from: number, to: number): number {
    const c = this.prefix[column];
    return (c[to] as number) - (c[from] as number);
  }

  /** Days [from, to) summed. */
  total(from: number, to: number): Counts {
    return { successes: this.sum("successes", from, to), trials: this.sum("trials", from, to) };
  }

  /**
   * Variance of the rate Σ successes / Σ trials over days [from, to), as an
   * estimate of the long-run rate: two-way over prompts and days
   * (`twoWayVariance`) given per-prompt counts, over days alone without them,
   * binomial (rate (1 − rate) / N) with a single day and no prompt counts.
   */
  rateVariance(from: number, to: number): TwoWayVariance {
    const { successes, trials } = this.total(from, to);
    const rate = successes / trials;
    const N2 = trials * trials;
    // Σ (y − R n)² = Σ y² − 2 R Σ y n + R² Σ n², over days and over cells.
    const squares = (ss: DayColumn, sn: DayColumn, nn: DayColumn) =>
      Math.max(
        0,
        this.sum(ss, from, to) -
          2 * rate * this.sum(sn, from, to) +
          rate ** 2 * this.sum(nn, from, to),
      ) / N2;
    let prompts = 0;
    let promptSquares = 0;
    this.eachPrompt(from, to, (y, n) => {
      prompts++;
      promptSquares += (y - rate * n) ** 2;
    });
    const v = twoWayVariance({
      prompts,
      promptSquares: promptSquares / N2,
      days: to - from,
      daySquares: squares("daySS", "daySN", "trialsSquared"),
      cellSquares: prompts > 0 ? squares("cellSS", "cellSN", "cellNN") : 0,
    });
    if (v.unit !== "answer") return v;
    return { ...v, variance: (rate * (1 - rate)) / trials };
  }

  /**
   * The recent days' rate minus the baseline days' and its variance from the
   * days' own rates. A day's rate varies around its side's rate by the day's
   * engine state and its answers' sampling (prompt effects cancel, the same
   * prompts being asked every day); a day of n_d answers is taken to vary
   * with variance φ / n_d, φ estimated by the days' squared deviations
   * weighted by their answers, Σ n_d (r_d − R_side)², pooled over both sides
   * over days − 2 (quasi-binomial: a smoke run or a partial day weighs by its
   * answers instead of inflating the estimate as a full day would). A side's
   * rate then has variance φ / N_side. φ̂ is at least p̃ (1 − p̃) / n̄, p̃ the
   * pooled rate shrunk to (Σ y + ½) / (Σ n + 1) and n̄ the answers of a mean
   * day: a day's rate is never taken as known better than to about half an
   * answer, so days of identical rates give a large but finite statistic.
   */
  difference(recent: [number, number], base: [number, number]): DayLevelDifference {
    const side = ([from, to]: [number, number]) => {
      const { successes, trials } = this.total(from, to);
      const rate = successes / trials;
      let squares = 0;
      for (let d = from; d < to; d++) {
        const n = this.sum("trials", d, d + 1);
        squares += n * ((this.rates[d] as number) - rate) ** 2;
      }
      return { rate, successes, trials, days: to - from, squares };
    };
    const r = side(recent);
    const b = side(base);
    const days = r.days + b.days;
    const df = days - 2;
    const shrunk = (r.successes + b.successes + 0.5) / (r.trials + b.trials + 1);
    const floor = (shrunk * (1 - shrunk) * days) / (r.trials + b.trials);
    const dispersion = Math.max((r.squares + b.squares) / Math.max(df, 1), floor);
    return {
      delta: r.rate - b.rate,
      variance: dispersion * (1 / r.trials + 1 / b.trials),
      df,
    };
  }

  /**
   * `difference` tested: t with days − 2 degrees of freedom (two-sided p) and
   * the delta's 95% interval. Needs at least 3 days in all (callers require
   * more on each side).
   */
  test(recent: [number, number], base: [number, number]): DayLevelTest {
    const d = this.difference(recent, base);
    if (d.df < 1) throw new RangeError("the day-level test needs at least 3 days");
    const t = d.delta / Math.sqrt(d.variance);
    const [ciLow, ciHigh] = tInterval(d.delta, d);
    return { ...d, t, pValue: studentTTwoSidedP(t, d.df), ciLow, ciHigh };
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
