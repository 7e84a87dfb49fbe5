import { Z_95 } from "./intervals.js";

/**
 * Spearman's rank correlation with a 95% interval from Fisher's z transform, using the
 * Fieller–Hartley–Pearson (1957) variance 1.06 / (n − 3) that suits rank correlations.
 * Deterministic: no resampling.
 */

export interface RankCorrelation {
  rho: number;
  lower: number;
  upper: number;
}

/** Ranks from 1, ties sharing their mean rank. */
export function ranks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]?.value === order[i]?.value) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) out[(order[k] as { index: number }).index] = rank;
    i = j + 1;
  }
  return out;
}

function pearson(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - mx;
    const dy = (y[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

/**
 * The correlation of paired samples, or why there is none: fewer than 4 pairs (the interval
 * needs n − 3 > 0) or a constant series.
 */
export function spearmanCorrelation(
  x: readonly number[],
  y: readonly number[],
): RankCorrelation | { reason: string } {
  const n = x.length;
  if (n < 4) return { reason: `${n} day${n === 1 ? "" : "s"} counted; at least 4 are needed.` };
  const rho = pearson(ranks(x), ranks(y));
  if (rho === null) return { reason: "One of the series is constant over the days counted." };
  const clamped = Math.max(-0.999999, Math.min(0.999999, rho));
  const z = Math.atanh(clamped);
  const half = Z_95 * Math.sqrt(1.06 / (n - 3));
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  return { rho: round(rho), lower: round(Math.tanh(z - half)), upper: round(Math.tanh(z + half)) };
}
