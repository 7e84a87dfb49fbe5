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

/**
 * Picks the comparison days from a daily series (days without data absent) and
 * returns the deltas of `date`'s composite; all 0 when `date` itself has no data.
 */
export function compositeDeltasFromSeries(
  series: ReadonlyArray<{ date: string; composite: number }>,
  date: string,
): CompositeDeltas {
  const byDate = new Map(series.map((d) => [d.date, d.composite]));
  const current = byDate.get(date);
  if (current === undefined) return { previous: 0, "7d": 0, "28d": 0 };
  let previousDate: string | undefined;
  for (const d of byDate.keys()) {
    if (d < date && (previousDate === undefined || d > previousDate)) previousDate = d;
  }
  return compositeDeltas(current, {
    previous: previousDate === undefined ? undefined : byDate.get(previousDate),
    d7: byDate.get(shiftDate(date, -7)),
    d28: byDate.get(shiftDate(date, -28)),
  });
}
