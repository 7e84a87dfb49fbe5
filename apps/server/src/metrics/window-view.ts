import type { ScoreWeightsInput } from "./aggregates.js";
import type { ChangeSeries } from "./detect-changes.js";
import {
  answeredDays,
  type CellCount,
  type CountSeries,
  citedCount,
  dailyProportions,
  promptDayCounts,
  recommendedCount,
  shareOfVoiceCount,
  shortlistedCount,
  visibilityCount,
} from "./prompt-day-counts.js";
import { type ResamplingUnit, tInterval } from "./two-way-variance.js";
import { type CompositeCell, compositeChange, windowComposite } from "./window-composite.js";
import { WindowSums } from "./window-sums.js";

/** Calendar days, inclusive. */
export interface DayRange {
  from: string;
  to: string;
}

export interface WindowPeriodCounts extends DayRange {
  runDays: number;
  prompts: number;
  responses: number;
}

export interface WindowEstimate {
  value: number;
  ciLow: number;
  ciHigh: number;
  n: number;
  intervalUnit: ResamplingUnit;
}

export interface WindowMetric {
  current: WindowEstimate;
  previous: WindowEstimate;
  change: { delta: number; ciLow: number; ciHigh: number; significant: boolean } | null;
}

export interface WindowEntity {
  entityId: string;
  /** 0-100; its change tested on the run days (`compositeChange`). */
  composite: WindowMetric;
  visibility: WindowMetric;
  shareOfVoice: WindowMetric;
  recommendationRate: WindowMetric;
  shortlistShare: WindowMetric;
  citationShare: WindowMetric;
}

/** Run days each window needs for the change to be tested (a day alone has no spread). */
export const MIN_DAYS_EACH = 2;

const EMPTY: WindowEstimate = { value: 0, ciLow: 0, ciHigh: 0, n: 0, intervalUnit: "answer" };

/**
 * Each entity's composite, visibility, share of voice, recommendation rate, shortlist
 * share and citation share over two windows of days, from the pooled series of every entity
 * (`loadEntityCountSeries`, one series per entity and count with per-prompt
 * counts), with the estimates change
 * detection uses (docs/metrics.md, "Windows of days"): each window's rate as
 * an estimate of the long run, its interval two-way over prompts and run days
 * (`WindowSums.rateVariance`, at least the binomial variance), and the change between the windows from the day-level
 * test (`WindowSums.test`: the days' rates, prompt effects cancelling) when
 * each window holds MIN_DAYS_EACH run days (with the metric's denominator). Visibility: answers naming the entity
 * of all answers; share of voice: the entity's of every tracked entity's
 * mentioned answers; recommendation rate and shortlist share: answers
 * recommending it, and naming it among the first three tracked entities
 * recommended, of all answers; citation share: answers citing it of the
 * answers with a citation (the metrics route's definitions); the composite: their weighted
 * mean with the position score, its interval from the two-way variance of its linearisation
 * and its change tested on the run days (metrics/window-composite.ts). Pure.
 */
export function windowView(options: {
  entityIds: readonly string[];
  /**
   * The pooled series (engine null), one per entity: of answers naming it (a
   * bare list), and of those recommending, shortlisting and citing it and its
   * rank sums when given (a metric without its series reads 0, and so does
   * the composite's part of it: the service always gives them all).
   */
  series: readonly ChangeSeries[] | CountSeries;
  current: DayRange;
  previous: DayRange;
  /** The composite's weights (the workspace's). */
  weights: ScoreWeightsInput;
}): { current: WindowPeriodCounts; previous: WindowPeriodCounts; entities: WindowEntity[] } {
  const { entityIds, current, previous, weights } = options;
  const byDay = promptDayCounts(entityIds, options.series, {
    from: previous.from,
    to: current.to,
  });
  const days = answeredDays(byDay);
  const inCurrent = (day: string) => day >= current.from && day <= current.to;
  const counts = (range: DayRange, inRange: (day: string) => boolean): WindowPeriodCounts => {
    const inside = days.filter(inRange);
    const cells = inside.flatMap((day) => [...(byDay.get(day)?.values() ?? [])]);
    return {
      ...range,
      runDays: inside.length,
      prompts: new Set(cells.map((c) => c.prompt)).size,
      responses: cells.reduce((n, c) => n + c.responses, 0),
    };
  };
  const metric = (count: CellCount): WindowMetric => {
    // The metric's daily series (days where it has a denominator), previous days first.
    const daily = dailyProportions(byDay, days, count);
    const split = daily.findIndex((d) => inCurrent(d.date));
    const boundary = split === -1 ? daily.length : split;
    const sums = new WindowSums(daily);
    const estimate = ([from, to]: [number, number]): WindowEstimate => {
      if (to <= from) return EMPTY;
      const { successes, trials } = sums.total(from, to);
      const value = successes / trials;
      const v = sums.rateVariance(from, to);
      // Never narrower than independent answers at the rate shrunk by half an answer: prompts
      // that all agree (2 of 2 mentions, say) give a cluster variance of 0, not certainty.
      const shrunk = (successes + 0.5) / (trials + 1);
      const variance = Math.max(v.variance, (shrunk * (1 - shrunk)) / trials);
      const [ciLow, ciHigh] = tInterval(value, { variance, df: v.df }, [0, 1]);
      return { value, ciLow, ciHigh, n: trials, intervalUnit: v.unit };
    };
    const before: [number, number] = [0, boundary];
    const now: [number, number] = [boundary, daily.length];
    let change: WindowMetric["change"] = null;
    if (boundary >= MIN_DAYS_EACH && daily.length - boundary >= MIN_DAYS_EACH) {
      const { delta, ciLow, ciHigh } = sums.test(now, before);
      change = {
        delta,
        // A difference of two shares lies within [−1, 1]: so does its interval.
        ciLow: Math.max(-1, ciLow),
        ciHigh: Math.min(1, ciHigh),
        significant: ciLow > 0 || ciHigh < 0,
      };
    }
    return { current: estimate(now), previous: estimate(before), change };
  };
  const cells = (inRange: (day: string) => boolean): CompositeCell[] =>
    days
      .filter(inRange)
      .flatMap((day) => [...(byDay.get(day)?.values() ?? [])].map((c) => ({ ...c, day })));
  const now = cells(inCurrent);
  const before = cells((day) => !inCurrent(day));
  const composite = (e: number): WindowMetric => ({
    current: windowComposite(now, e, weights),
    previous: windowComposite(before, e, weights),
    change: compositeChange(now, before, e, weights, MIN_DAYS_EACH),
  });
  return {
    current: counts(current, inCurrent),
    previous: counts(previous, (day) => !inCurrent(day)),
    entities: entityIds.map((entityId, e) => ({
      entityId,
      composite: composite(e),
      visibility: metric(visibilityCount(e)),
      shareOfVoice: metric(shareOfVoiceCount(e)),
      recommendationRate: metric(recommendedCount(e)),
      shortlistShare: metric(shortlistedCount(e)),
      citationShare: metric(citedCount(e)),
    })),
  };
}
