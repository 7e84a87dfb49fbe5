import type { ScoreWeightsInput } from "./aggregates.js";
import { checkedWeights, positionScore, weightedComposite } from "./compute-metrics.js";
import {
  type ResamplingUnit,
  tInterval,
  twoWaySquares,
  twoWayVariance,
} from "./two-way-variance.js";

/**
 * One prompt's counts on one run day (every engine pooled) that an entity's composite reads:
 * answers; per entity, answers naming it and the sum of its first-mention ranks over them;
 * answers with a citation, and per entity, answers citing it.
 */
export interface CompositeCell {
  prompt: string;
  day: string;
  responses: number;
  mentioned: readonly number[];
  rankSum: readonly number[];
  withCitations: number;
  cited: readonly number[];
}

export interface CompositeEstimate {
  /** 0-100. */
  value: number;
  ciLow: number;
  ciHigh: number;
  n: number;
  intervalUnit: ResamplingUnit;
}

export interface CompositeChange {
  delta: number;
  ciLow: number;
  ciHigh: number;
  significant: boolean;
}

interface Totals {
  responses: number;
  mentioned: number;
  allMentioned: number;
  rankSum: number;
  withCitations: number;
  cited: number;
}

function totalsOf(cells: readonly CompositeCell[], e: number): Totals {
  const t = { responses: 0, mentioned: 0, allMentioned: 0, rankSum: 0, withCitations: 0, cited: 0 };
  for (const c of cells) {
    t.responses += c.responses;
    t.mentioned += c.mentioned[e] ?? 0;
    for (const m of c.mentioned) t.allMentioned += m;
    t.rankSum += c.rankSum[e] ?? 0;
    t.withCitations += c.withCitations;
    t.cited += c.cited[e] ?? 0;
  }
  return t;
}

/**
 * The composite of entity `e` over the cells as the metrics define it (docs/metrics.md: 100 ·
 * the weighted mean of visibility, share of voice, position score and citation share, each a
 * ratio of the window's sums), with each cell's part of its linearisation: the composite moves
 * by Σ_cells residual to first order, so the two-way (prompt and day) variance of the residuals
 * is the composite's (`twoWayVariance`).
 */
export function linearised(cells: readonly CompositeCell[], e: number, weights: ScoreWeightsInput) {
  const w = checkedWeights(weights);
  const t = totalsOf(cells, e);
  const visibility = t.responses > 0 ? t.mentioned / t.responses : 0;
  const share = t.allMentioned > 0 ? t.mentioned / t.allMentioned : 0;
  const position = positionScore(t.mentioned, t.responses, t.rankSum);
  const citation = t.withCitations > 0 ? t.cited / t.withCitations : 0;
  const value = t.responses > 0 ? weightedComposite(visibility, share, position, citation, w) : 0;
  const total = w.visibility + w.shareOfVoice + w.position + w.citation;
  const scale = total > 0 ? 100 / total : 0;
  const residual = (c: CompositeCell): number => {
    const y = c.mentioned[e] ?? 0;
    let all = 0;
    for (const m of c.mentioned) all += m;
    const dV = t.responses > 0 ? (y - visibility * c.responses) / t.responses : 0;
    const dS = t.allMentioned > 0 ? (y - share * all) / t.allMentioned : 0;
    const dP =
      position > 0
        ? position *
          (2 * (y / t.mentioned) - c.responses / t.responses - (c.rankSum[e] ?? 0) / t.rankSum)
        : 0;
    const dC =
      t.withCitations > 0 ? ((c.cited[e] ?? 0) - citation * c.withCitations) / t.withCitations : 0;
    return scale * (w.visibility * dV + w.shareOfVoice * dS + w.position * dP + w.citation * dC);
  };
  // Never narrower than each part over independent trials at its rate shrunk by half a trial,
  // summed: cells that all agree (an entity never named) give a cluster variance of 0, and at
  // Y = 0 the linearisation sees no sensitivity to one more mention. Position is floored as
  // visibility (its trials are the answers).
  const binomial = (x: number, n: number) => {
    if (n <= 0) return 0;
    const p = (x + 0.5) / (n + 1);
    return (p * (1 - p)) / n;
  };
  const floor =
    scale ** 2 *
    ((w.visibility ** 2 + w.position ** 2) * binomial(t.mentioned, t.responses) +
      w.shareOfVoice ** 2 * binomial(t.mentioned, t.allMentioned) +
      w.citation ** 2 * binomial(t.cited, t.withCitations));
  return { value, n: t.responses, residual, floor };
}

const withAnswers = (cells: readonly CompositeCell[]) => cells.filter((c) => c.responses > 0);

/**
 * Entity `e`'s composite over a window's cells (0-100), as an estimate of the long run: its 95%
 * t interval from the two-way variance of the linearised composite (prompts and run days, as
 * the window's rates), clamped to [0, 100]. Pure.
 */
export function windowComposite(
  cells: readonly CompositeCell[],
  e: number,
  weights: ScoreWeightsInput,
): CompositeEstimate {
  const counted = withAnswers(cells);
  const l = linearised(counted, e, weights);
  if (l.n === 0) return { value: 0, ciLow: 0, ciHigh: 0, n: 0, intervalUnit: "answer" };
  const v = twoWayVariance(
    twoWaySquares(counted.map((c) => ({ prompt: c.prompt, day: c.day, residual: l.residual(c) }))),
  );
  const variance = Math.max(v.variance, l.floor);
  const [ciLow, ciHigh] = tInterval(l.value, { variance, df: v.df }, [0, 100]);
  return { value: l.value, ciLow, ciHigh, n: l.n, intervalUnit: v.unit };
}

/**
 * The change of entity `e`'s composite from the `before` window to `now` (days apart, prompts
 * shared), with its 95% t interval as change detection tests a rate (docs/metrics.md, "Change
 * detection"): the run days are the units. Each window's linearised residuals, the earlier
 * one's negated, summed per day: a prompt's own level cancels between the windows (the same
 * prompts are asked), and each day total carries that day's engine state and its answers'
 * sampling; its variance is Σ_days total² · D / (D − 2), with D − 2 degrees of freedom (each
 * window's residuals sum to zero). Null unless each window has `minDays` run days (at least 2)
 * on days of its own. Pure.
 */
export function compositeChange(
  now: readonly CompositeCell[],
  before: readonly CompositeCell[],
  e: number,
  weights: ScoreWeightsInput,
  minDays = 2,
): CompositeChange | null {
  const a = withAnswers(now);
  const b = withAnswers(before);
  const daysOf = (cells: readonly CompositeCell[]) => new Set(cells.map((c) => c.day));
  const [da, db] = [daysOf(a), daysOf(b)];
  const least = Math.max(2, minDays);
  if (da.size < least || db.size < least || [...da].some((d) => db.has(d))) return null;
  const la = linearised(a, e, weights);
  const lb = linearised(b, e, weights);
  const byDay = new Map<string, number>();
  for (const c of a) byDay.set(c.day, (byDay.get(c.day) ?? 0) + la.residual(c));
  for (const c of b) byDay.set(c.day, (byDay.get(c.day) ?? 0) - lb.residual(c));
  const D = byDay.size;
  let squares = 0;
  for (const total of byDay.values()) squares += total * total;
  const delta = la.value - lb.value;
  const variance = Math.max((squares * D) / (D - 2), la.floor + lb.floor);
  const [ciLow, ciHigh] = tInterval(delta, { variance, df: D - 2 }, [-100, 100]);
  return { delta, ciLow, ciHigh, significant: ciLow > 0 || ciHigh < 0 };
}
