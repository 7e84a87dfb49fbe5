import { errors } from "../../errors/app-error.js";

/** The longest range a refresh pulls: Search Console keeps 16 months. */
export const MAX_RANGE_DAYS = 486;
const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

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
 * never before that 28-day window. 400 when `from` is after `to` or the range is too long.
 */
export function seoRange({ now, from, to, lastTo, in: place = "body" }: SeoRangeOptions): {
  from: string;
  to: string;
} {
  const end = to ?? day(new Date(at(day(now)).getTime() - DAY_MS));
  const window = day(new Date(at(end).getTime() - 27 * DAY_MS));
  let start = from;
  if (!start) {
    const incremental = lastTo ? day(new Date(at(lastTo).getTime() - 2 * DAY_MS)) : undefined;
    start = incremental && incremental > window && incremental <= end ? incremental : window;
  }
  if (start > end)
    throw errors.invalidRequest(
      [{ field: `${place}.from`, rule: "range", message: "must not be after `to`" }],
      "`from` is after `to`.",
    );
  if ((at(end).getTime() - at(start).getTime()) / DAY_MS + 1 > MAX_RANGE_DAYS)
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
