import { addDaysWithin, dayOf, daysBetween } from "../../days.js";
import { errors } from "../../errors/app-error.js";
import type { DayPeriod } from "./previous-period.js";

/** Days read when `from` is not given (ending on `to`). */
export const DEFAULT_SOURCES_DAYS = 28;
/** Longest period one request may ask for, in days (as the metrics time series). */
export const MAX_SOURCES_DAYS = 366;

/**
 * The UTC days a sources read covers: `to` defaults to today (the injected
 * clock's), `from` to 27 days before `to` but never before 2000-01-01 (the first
 * day of the contract); `400` naming the field when a day is
 * not a calendar day, `to` is before `from` or the period is longer than
 * `MAX_SOURCES_DAYS`.
 */
export function sourcesPeriod(options: {
  now: Date;
  from?: string | undefined;
  to?: string | undefined;
}): DayPeriod {
  const to = options.to ?? dayOf(options.now);
  const from = options.from ?? addDaysWithin(to, 1 - DEFAULT_SOURCES_DAYS);
  const span = daysBetween(from, to) + 1;
  if (span < 1) throw errors.field("query.to", "range", "to must not be before from.");
  if (span > MAX_SOURCES_DAYS) {
    throw errors.field("query.to", "range", `The range spans at most ${MAX_SOURCES_DAYS} days.`);
  }
  return { from, to };
}
