import type { DeltaComparisons, Deltas } from "@geopulse/api-types";
import type { DeltaMethod } from "./bootstrap-deltas.js";

/**
 * Day-over-day changes of a composite score: the scoreboard's `deltas` (the
 * numbers the contract requires) and `comparisons` (the day each used).
 * Current composite minus the composite of (a) the previous day with data,
 * (b) exactly 7 days earlier, (c) exactly 28 days earlier (UTC calendar days).
 * Without a comparison day (or without data on the current day) the delta is
 * 0 in `deltas` and null, with a null date, in `comparisons` (with the
 * delta's 95% interval, `significant` and method otherwise), so a new
 * workspace never shows a jump from nothing and no zero reads as "no change".
 */
export type CompositeDeltas = Deltas;

/** The 95% interval of a delta and its verdict (`bootstrapDeltas`). */
export interface DeltaSignificance {
  ciLow: number;
  ciHigh: number;
  significant: boolean;
  method: DeltaMethod;
}

/** The composite of a comparison day with data, and the significance of the change since. */
export interface ComparedDay {
  date: string;
  value: number;
  significance: DeltaSignificance;
}

export interface PreviousComposites {
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

/** `current` undefined: the day described has no data, so nothing is compared. */
export function compositeChanges(
  current: number | undefined,
  before: PreviousComposites,
): CompositeChanges {
  const compare = (then: ComparedDay | undefined) =>
    current === undefined || then === undefined
      ? noComparison
      : { date: then.date, delta: current - then.value, ...then.significance };
  const comparisons: DeltaComparisons = {
    previous: compare(before.previous),
    "7d": compare(before.d7),
    "28d": compare(before.d28),
  };
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
export const noChanges: CompositeChanges = compositeChanges(undefined, {});

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` shifted by `days` (UTC). */
export function shiftDate(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00.000Z`);
  if (Number.isNaN(t)) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return new Date(t + days * DAY_MS).toISOString().slice(0, 10);
}

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
  const d7 = shiftDate(date, -7);
  const d28 = shiftDate(date, -28);
  if (has.has(d7)) result.d7 = d7;
  if (has.has(d28)) result.d28 = d28;
  return result;
}
