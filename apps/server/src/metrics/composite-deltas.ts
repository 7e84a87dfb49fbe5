import type { DeltaComparison, DeltaComparisons, Deltas } from "@geopulse/api-types";
import { addDays } from "../days.js";
import type { DeltaEstimate } from "./bootstrap-deltas.js";

/**
 * Day-over-day changes of a metric: `comparisons` (the day each delta used,
 * its 95% interval, `significant` and method) and, for the composite, the
 * scoreboard's `deltas` (the numbers the contract requires). Changes against
 * (a) the previous day with data, (b) exactly 7 days earlier, (c) exactly 28
 * days earlier (UTC calendar days). Without a comparison day (or without data
 * in scope on either day) the comparison is null, with a null date, and the
 * composite's delta 0 in `deltas`, so a new workspace never shows a jump from
 * nothing and no zero reads as "no change".
 */
export type CompositeDeltas = Deltas;

/** A comparison day with data in scope, and the change since (`bootstrapDeltas`). */
export interface ComparedDay {
  date: string;
  change: DeltaEstimate;
}

export interface ComparedDays {
  /** The latest earlier day with data; undefined when none. */
  previous?: ComparedDay | undefined;
  /** Exactly 7 days earlier; undefined when that day has no data. */
  d7?: ComparedDay | undefined;
  /** Exactly 28 days earlier; undefined when that day has no data. */
  d28?: ComparedDay | undefined;
}

export interface CompositeChanges {
  deltas: CompositeDeltas;
  comparisons: DeltaComparisons;
}

/** A comparison that did not happen: every field null. */
export const noComparison = {
  date: null,
  delta: null,
  ciLow: null,
  ciHigh: null,
  significant: null,
  method: null,
} as const;

/** Every comparison null. */
export const noComparisons: DeltaComparisons = {
  previous: noComparison,
  "7d": noComparison,
  "28d": noComparison,
};

/** The three comparisons of a metric (null where there was no comparison day). */
export function deltaComparisons(before: ComparedDays): DeltaComparisons {
  const compare = (then: ComparedDay | undefined): DeltaComparison =>
    then === undefined ? noComparison : { date: then.date, ...then.change };
  return {
    previous: compare(before.previous),
    "7d": compare(before.d7),
    "28d": compare(before.d28),
  };
}

/** The composite's comparisons and its `deltas` (0 where there is no comparison). */
export function compositeChanges(before: ComparedDays): CompositeChanges {
  const comparisons = deltaComparisons(before);
  return {
    deltas: {
      previous: comparisons.previous.delta ?? 0,
      "7d": comparisons["7d"].delta ?? 0,
      "28d": comparisons["28d"].delta ?? 0,
    },
    comparisons,
  };
}

/** No data: every delta 0, every comparison null. */
export const noChanges: CompositeChanges = compositeChanges({});

/** The days a day's deltas compare with; each absent when it has no data. */
export interface ComparisonDays {
  previous?: string;
  d7?: string;
  d28?: string;
}

/**
 * The comparison days of `date` among the days with data: the latest earlier
 * one, and exactly 7 and 28 days earlier.
 */
export function comparisonDays(date: string, daysWithData: readonly string[]): ComparisonDays {
  const has = new Set(daysWithData);
  const result: ComparisonDays = {};
  for (const d of daysWithData) {
    if (d < date && (result.previous === undefined || d > result.previous)) result.previous = d;
  }
  const d7 = addDays(date, -7);
  const d28 = addDays(date, -28);
  if (has.has(d7)) result.d7 = d7;
  if (has.has(d28)) result.d28 = d28;
  return result;
}
