import { addDays, addDaysWithin, dayOf, daysBetween, spanDays } from "../../days.js";
import { errors } from "../../errors/app-error.js";

/** The longest range a refresh pulls: Search Console keeps 16 months. */
export const MAX_RANGE_DAYS = 486;

export interface SeoRangeOptions {
  now: Date;
  from?: string | undefined;
  to?: string | undefined;
  /** The `to` of the workspace's last succeeded refresh, if any. */
  lastTo?: string | null | undefined;
  /** Where `from` and `to` came from, for the field names of a 400. */
  in?: "body" | "query";
}

/**
 * The UTC days a refresh pulls: `to` defaults to yesterday; `from` to 27 days before `to` (28
 * days), or, after a succeeded refresh, 2 days before its `to` (Google revises recent days),
 * never before that 28-day window. A default never leaves the contract's days: `from` is never
 * before 2000-01-01 (`to=2000-01-10` reads 2000-01-01..2000-01-10), `to` never after 2100-12-31. 400 when `from` is after `to` or the range is too long.
 */
export function seoRange({ now, from, to, lastTo, in: place = "body" }: SeoRangeOptions): {
  from: string;
  to: string;
} {
  const end = to ?? addDaysWithin(dayOf(now), -1);
  const window = addDaysWithin(end, -27);
  let start = from;
  if (!start) {
    const incremental = lastTo ? addDays(lastTo, -2) : undefined;
    start =
      incremental && daysBetween(window, incremental) > 0 && daysBetween(incremental, end) >= 0
        ? incremental
        : window;
  }
  if (daysBetween(start, end) < 0)
    throw errors.invalidRequest(
      [{ field: `${place}.from`, rule: "range", message: "must not be after `to`" }],
      "`from` is after `to`.",
    );
  if (spanDays(start, end) > MAX_RANGE_DAYS)
    throw errors.invalidRequest(
      [
        {
          field: `${place}.from`,
          rule: "range",
          message: `the range is at most ${MAX_RANGE_DAYS} days`,
        },
      ],
      `The range is longer than ${MAX_RANGE_DAYS} days.`,
    );
  return { from: start, to: end };
}
