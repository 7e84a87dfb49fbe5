import {
  bootstrapRatioInterval,
  DEFAULT_RESAMPLES,
  drawClusterResamples,
  percentileInterval,
  WILSON_MAX_PROMPTS,
  wilsonInterval,
} from "../../metrics/intervals.js";

/** A proportion with its 95% interval and the answers it counts. */
export interface Estimate {
  value: number;
  ciLow: number;
  ciHigh: number;
  n: number;
}

/** Per prompt: `x` of `n` answers. Prompts are the clusters of the intervals. */
export interface PromptCount {
  x: number;
  n: number;
}

/** Four decimals (what recommendations store), or the value as computed (`exact`). */
export type Rounding = "4dp" | "exact";

function estimate(
  value: number,
  [lo, hi]: [number, number],
  n: number,
  rounding: Rounding = "4dp",
): Estimate {
  const round = (v: number) => (rounding === "exact" ? v : Math.round(v * 10_000) / 10_000);
  return { value: round(value), ciLow: round(lo), ciHigh: round(hi), n };
}

/**
 * Σx / Σn with its 95% interval, as the metrics compute one engine's visibility
 * (docs/metrics.md): Wilson below 30 prompts, else a cluster bootstrap over
 * prompts seeded by `seed` (the same data always gives the same interval).
 */
export function proportion(
  counts: PromptCount[],
  seed: string,
  rounding: Rounding = "4dp",
): Estimate {
  let x = 0;
  let n = 0;
  for (const c of counts) {
    x += c.x;
    n += c.n;
  }
  const value = n > 0 ? x / n : 0;
  if (counts.length < WILSON_MAX_PROMPTS) return estimate(value, wilsonInterval(x, n), n, rounding);
  const interval = bootstrapRatioInterval({
    numerators: counts.map((c) => c.x),
    denominators: counts.map((c) => c.n),
    seed,
  });
  return estimate(value, interval, n, rounding);
}

/**
 * The gap p1 - p2 of two independent proportions with Newcombe's hybrid score
 * interval (Newcombe 1998, method 10): well-behaved on few answers and at 0 or 1,
 * where a Wald interval collapses. Used on one prompt's answers.
 */
export function newcombeGap(x1: number, n1: number, x2: number, n2: number): Estimate {
  const p1 = n1 > 0 ? x1 / n1 : 0;
  const p2 = n2 > 0 ? x2 / n2 : 0;
  const [l1, u1] = wilsonInterval(x1, n1);
  const [l2, u2] = wilsonInterval(x2, n2);
  const d = p1 - p2;
  const low = d - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2);
  const high = d + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2);
  return estimate(d, [low, high], n1 + n2);
}

/**
 * The gap Σa.x/Σa.n - Σb.x/Σb.n over the same prompts (paired: one resample draws
 * a prompt for both sides) with a 95% cluster-bootstrap percentile interval,
 * seeded by `seed`. `pairs[i]` holds one prompt's counts on both sides.
 */
export function pairedGap(
  pairs: Array<{ a: PromptCount; b: PromptCount }>,
  seed: string,
  rounding: Rounding = "4dp",
): Estimate {
  const sum = (pick: (p: { a: PromptCount; b: PromptCount }) => number) =>
    pairs.reduce((s, p) => s + pick(p), 0);
  const na = sum((p) => p.a.n);
  const nb = sum((p) => p.b.n);
  const value = (na > 0 ? sum((p) => p.a.x) / na : 0) - (nb > 0 ? sum((p) => p.b.x) / nb : 0);
  const clusters = pairs.length;
  if (clusters === 0) return estimate(0, [0, 0], 0);
  const draws = drawClusterResamples(clusters, DEFAULT_RESAMPLES, `recommendation-gap:${seed}`);
  const replicates = new Float64Array(DEFAULT_RESAMPLES);
  for (let r = 0; r < DEFAULT_RESAMPLES; r++) {
    let ax = 0;
    let an = 0;
    let bx = 0;
    let bn = 0;
    for (let c = 0; c < clusters; c++) {
      const m = draws[r * clusters + c] as number;
      if (m === 0) continue;
      const p = pairs[c] as { a: PromptCount; b: PromptCount };
      ax += m * p.a.x;
      an += m * p.a.n;
      bx += m * p.b.x;
      bn += m * p.b.n;
    }
    replicates[r] = (an > 0 ? ax / an : 0) - (bn > 0 ? bx / bn : 0);
  }
  return estimate(value, percentileInterval(replicates), na + nb, rounding);
}

/**
 * How sure a gap is (docs/recommendations.md, Priority): `ciLow / value`, 0 when the
 * interval reaches zero. Only gaps with a positive lower bound are proposed.
 */
export function gapConfidence(gap: Estimate): number {
  if (gap.value <= 0 || gap.ciLow <= 0) return 0;
  return Math.min(1, gap.ciLow / gap.value);
}
