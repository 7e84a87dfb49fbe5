import { UTCDate } from "@date-fns/utc";
import {
  addDays as addDaysToDate,
  differenceInCalendarDays,
  eachDayOfInterval,
  isValid,
  lightFormat,
} from "date-fns";

/**
 * Calendar days, UTC, written `YYYY-MM-DD` as the contract writes them (`components/schemas/Day`).
 * The one place days are parsed, formatted, shifted and iterated.
 *
 * On date-fns with @date-fns/utc: maintained and widely used, imported function by function, and
 * its `UTCDate` reads and writes every field in UTC, so no day depends on the process's time zone
 * or its daylight-saving changes. Days are shifted by the calendar, never by adding milliseconds,
 * and ranges are walked by date-fns over time values, never by comparing printed strings (the
 * day after 9999-12-31 prints `+010000-01-01`, which sorts before it).
 */
export type Day = string;

/** The first and last day the contract accepts (`components/schemas/Day`). */
export const FIRST_DAY: Day = "2000-01-01";
export const LAST_DAY: Day = "2100-12-31";

const dayText = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC midnight of a real calendar day written `YYYY-MM-DD` (any year of four digits), or null. */
function midnightOf(text: string): UTCDate | null {
  if (!dayText.test(text)) return null;
  const midnight = new UTCDate(Date.parse(`${text}T00:00:00.000Z`));
  // 2026-02-30 parses as March 2nd: a real day prints back as it was written.
  return isValid(midnight) && lightFormat(midnight, "yyyy-MM-dd") === text ? midnight : null;
}

/** The midnight of a day; a RangeError for anything else (a service's days are validated). */
function midnight(day: Day): UTCDate {
  const at = midnightOf(day);
  if (!at) throw new RangeError(`not a calendar day (YYYY-MM-DD): ${day}`);
  return at;
}

/** A real calendar day within FIRST_DAY..LAST_DAY, written `YYYY-MM-DD`: the contract's day. */
export function isDay(value: unknown): value is Day {
  return (
    typeof value === "string" &&
    midnightOf(value) !== null &&
    value >= FIRST_DAY &&
    value <= LAST_DAY
  );
}

/** The UTC day a moment falls on. */
export function dayOf(moment: Date | number): Day {
  const at = new UTCDate(typeof moment === "number" ? moment : moment.getTime());
  const year = at.getFullYear();
  // Outside years 1..9999 a day has no YYYY-MM-DD (9999-12-31 + 1 would print 10000-01-01).
  if (!isValid(at) || year < 1 || year > 9999) throw new RangeError(`no YYYY-MM-DD day for ${at}`);
  return lightFormat(at, "yyyy-MM-dd");
}

/** Today (UTC) on a clock's reading. */
export const today = (now: Date): Day => dayOf(now);

/** The first moment (UTC midnight) of a day. */
export function dayStart(day: Day): Date {
  return new Date(midnight(day).getTime());
}

/** The first moment after a day (the next day's UTC midnight), the exclusive end of its moments. */
export function dayEnd(day: Day): Date {
  return new Date(addDaysToDate(midnight(day), 1).getTime());
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: Day, count: number): Day {
  return dayOf(addDaysToDate(midnight(day), count));
}

/** How many days `to` is after `from` (negative when before). */
export function daysBetween(from: Day, to: Day): number {
  return differenceInCalendarDays(midnight(to), midnight(from));
}

/** Days in `from..to`, both counted (0 when `to` is before `from`). */
export function spanDays(from: Day, to: Day): number {
  return Math.max(0, daysBetween(from, to) + 1);
}

/** The number of a day counted from 1970-01-01 (day 0), for arithmetic over many days. */
export function dayNumber(day: Day): number {
  return daysBetween("1970-01-01", day);
}

/** The day of a day number (the inverse of dayNumber). */
export function dayOfNumber(number: number): Day {
  return addDays("1970-01-01", number);
}

/** Every day of `from..to` in order (none when `to` is before `from`). */
export function eachDay(from: Day, to: Day): Day[] {
  const [start, end] = [midnight(from), midnight(to)];
  if (end < start) return [];
  return eachDayOfInterval({ start, end }).map(dayOf);
}
