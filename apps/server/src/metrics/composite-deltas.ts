/**
 * Day-over-day changes of a composite score, as the scoreboard's `deltas`
 * object: current composite minus the composite of (a) the previous day with
 * data, (b) exactly 7 days earlier, (c) exactly 28 days earlier (UTC calendar
 * days). A comparison day without data gives 0, not the current value, so a
 * new workspace never shows a jump from nothing.
 */
export interface CompositeDeltas {
  previous: number;
  "7d": number;
  "28d": number;
}

export interface PreviousComposites {
  /** Composite of the latest earlier day with data; undefined/null when none. */
  previous?: number | null;
  /** Composite exactly 7 days earlier; undefined/null when that day has no data. */
  d7?: number | null;
  /** Composite exactly 28 days earlier; undefined/null when that day has no data. */
  d28?: number | null;
}

export function compositeDeltas(current: number, before: PreviousComposites): CompositeDeltas {
  const delta = (then: number | null | undefined) =>
    then === undefined || then === null ? 0 : current - then;
  return { previous: delta(before.previous), "7d": delta(before.d7), "28d": delta(before.d28) };
}

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
