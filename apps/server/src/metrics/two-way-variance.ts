import { studentTQuantile } from "./distributions.js";

/**
 * Two-way cluster-robust variance (Cameron, Gelbach & Miller 2011, "Robust
 * inference with multiway clustering") of a statistic that is a sum of cell
 * residuals e_pd over prompts p and run-days d, such as a ratio estimator
 * Σ y / Σ n linearised at its value (e_pd = (y_pd − R n_pd) / Σ n).
 *
 * Answers of one prompt are correlated (the prompt's own difficulty), and so
 * are the answers of one day (the engines' state that day: their index,
 * model and retrieval change from day to day). V = V_prompt + V_day − V_cell,
 * each a sum of squared cluster totals with the usual G / (G − 1) factor;
 * V_day − V_cell is the part shared within a day beyond the cells' own noise,
 * kept at zero or above, so V is never below the prompt-clustered V_prompt.
 * The degrees of freedom of its t quantile are Satterthwaite's, from the
 * prompt part (G_p − 1) and the day part (G_d − 1): with a few days and a
 * large day part, the interval widens as the day part's estimate demands.
 */
export interface TwoWaySquares {
  /** Prompts with cells (G_p) and Σ_p (Σ_d e_pd)². */
  prompts: number;
  promptSquares: number;
  /** Days with cells (G_d) and Σ_d (Σ_p e_pd)². */
  days: number;
  daySquares: number;
  /** Σ_pd e_pd². */
  cellSquares: number;
}

/** Which clusters a variance accounts for (docs/metrics.md, "Windows of days"). */
export type ResamplingUnit = "prompt-and-day" | "prompt" | "day" | "answer";

export interface TwoWayVariance {
  variance: number;
  /** Degrees of freedom of the t quantile (∞: normal). */
  df: number;
  unit: ResamplingUnit;
}

const factor = (g: number) => g / (g - 1);

/**
 * The variance from the squares above: two-way with two or more prompts and
 * days, one-way on whichever has two or more clusters otherwise, and
 * `answer` (the caller's binomial variance) with neither.
 */
export function twoWayVariance(s: TwoWaySquares): TwoWayVariance {
  const promptPart = s.prompts >= 2 ? factor(s.prompts) * s.promptSquares : 0;
  const dayPart = s.days >= 2 ? factor(s.days) * s.daySquares : 0;
  if (s.prompts >= 2 && s.days >= 2) {
    const shared = Math.max(0, dayPart - s.cellSquares);
    const variance = promptPart + shared;
    const denominator = promptPart ** 2 / (s.prompts - 1) + shared ** 2 / (s.days - 1);
    const df = denominator > 0 ? variance ** 2 / denominator : s.prompts - 1;
    return { variance, df, unit: "prompt-and-day" };
  }
  if (s.prompts >= 2) return { variance: promptPart, df: s.prompts - 1, unit: "prompt" };
  if (s.days >= 2) return { variance: dayPart, df: s.days - 1, unit: "day" };
  return { variance: 0, df: Number.POSITIVE_INFINITY, unit: "answer" };
}

/** A symmetric 95% interval value ± t_{df, 0.975} · √variance, clamped to [lo, hi]. */
export function tInterval(
  value: number,
  v: { variance: number; df: number },
  bounds: [number, number] = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
): [number, number] {
  const half = studentTQuantile(0.975, v.df) * Math.sqrt(Math.max(0, v.variance));
  return [Math.max(bounds[0], value - half), Math.min(bounds[1], value + half)];
}

/** One (prompt, day) cell's contribution to a linearised statistic. */
export interface CellResidual {
  prompt: string;
  day: string;
  residual: number;
}

/**
 * The squares of `twoWayVariance` from cells' residuals. Several cells of one
 * prompt and day (e.g. one per engine) are summed into one: the cell term is
 * over (prompt, day) totals.
 */
export function twoWaySquares(cells: Iterable<CellResidual>): TwoWaySquares {
  const byPrompt = new Map<string, number>();
  const byDay = new Map<string, number>();
  const byCell = new Map<string, number>();
  for (const c of cells) {
    byPrompt.set(c.prompt, (byPrompt.get(c.prompt) ?? 0) + c.residual);
    byDay.set(c.day, (byDay.get(c.day) ?? 0) + c.residual);
    const key = `${c.prompt}\u0000${c.day}`;
    byCell.set(key, (byCell.get(key) ?? 0) + c.residual);
  }
  let cellSquares = 0;
  for (const v of byCell.values()) cellSquares += v * v;
  const squares = (m: Map<string, number>) => {
    let s = 0;
    for (const v of m.values()) s += v * v;
    return s;
  };
  return {
    prompts: byPrompt.size,
    promptSquares: squares(byPrompt),
    days: byDay.size,
    daySquares: squares(byDay),
    cellSquares,
  };
}

/** x of n (answers, or mentions) in one cell. */
export interface CellCount {
  x: number;
  n: number;
}

/** A ratio or a difference with its two-way 95% interval. */
export interface TwoWayEstimate {
  value: number;
  ciLow: number;
  ciHigh: number;
  unit: ResamplingUnit;
}

const sumOf = (counts: Iterable<CellCount>) => {
  let x = 0;
  let n = 0;
  for (const c of counts) {
    x += c.x;
    n += c.n;
  }
  return { x, n, rate: n > 0 ? x / n : 0 };
};

/**
 * Σx / Σn over cells of prompts and days, a rate of the long run: its 95%
 * t interval from the two-way variance of the ratio linearised at its value
 * (e = (x − R n) / Σn), binomial with a single prompt and day. Clamped to [0, 1].
 */
export function twoWayRatio(
  cells: ReadonlyArray<{ prompt: string; day: string } & CellCount>,
): TwoWayEstimate {
  const { n, rate } = sumOf(cells);
  if (n === 0) return { value: 0, ciLow: 0, ciHigh: 0, unit: "answer" };
  // Cells without answers are no clusters: counted, they would inflate df.
  const v = twoWayVariance(
    twoWaySquares(
      cells
        .filter((c) => c.n > 0)
        .map((c) => ({ prompt: c.prompt, day: c.day, residual: (c.x - rate * c.n) / n })),
    ),
  );
  const variance = v.unit === "answer" ? (rate * (1 - rate)) / n : v.variance;
  const [ciLow, ciHigh] = tInterval(rate, { variance, df: v.df }, [0, 1]);
  return { value: rate, ciLow, ciHigh, unit: v.unit };
}

/**
 * a's rate minus b's over the same cells (paired: a prompt's and a day's cells
 * of both sides move together), with its 95% t interval from the two-way
 * variance of the linearised difference, the sum of binomial variances with a
 * single prompt and day. Clamped to [−1, 1]; 0 when a side has no data.
 */
export function twoWayRatioDifference(
  cells: ReadonlyArray<{ prompt: string; day: string; a: CellCount; b: CellCount }>,
): TwoWayEstimate {
  const a = sumOf(cells.map((c) => c.a));
  const b = sumOf(cells.map((c) => c.b));
  if (a.n === 0 || b.n === 0) return { value: 0, ciLow: 0, ciHigh: 0, unit: "answer" };
  const value = a.rate - b.rate;
  const v = twoWayVariance(
    twoWaySquares(
      cells
        .filter((c) => c.a.n + c.b.n > 0)
        .map((c) => ({
          prompt: c.prompt,
          day: c.day,
          residual: (c.a.x - a.rate * c.a.n) / a.n - (c.b.x - b.rate * c.b.n) / b.n,
        })),
    ),
  );
  const variance =
    v.unit === "answer"
      ? (a.rate * (1 - a.rate)) / a.n + (b.rate * (1 - b.rate)) / b.n
      : v.variance;
  const [ciLow, ciHigh] = tInterval(value, { variance, df: v.df }, [-1, 1]);
  return { value, ciLow, ciHigh, unit: v.unit };
}
