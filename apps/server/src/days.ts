import { utc } from "@date-fns/utc";
// One module per function: the package's index would load all of date-fns's ~250 functions.
import { eachDayOfInterval } from "date-fns/eachDayOfInterval";
import { isExists } from "date-fns/isExists";
import { subDays } from "date-fns/subDays";

/**
 * Calendar days, UTC, written `YYYY-MM-DD` as the contract writes them (`components/schemas/Day`).
 * The one place days are parsed, formatted, shifted and iterated.
 *
 * On date-fns with @date-fns/utc: maintained and widely used, imported function by function, and
 * its `utc` context does every calendar step in UTC, so no day depends on the process's time zone
 * or its daylight-saving changes. Days are shifted by the calendar and ranges are walked over time
 * values, never by comparing printed strings (the day after 9999-12-31 prints `+010000-01-01`,
 * which sorts before it). A UTC day is exactly 86,400,000 ms of JavaScript time (it has no leap
 * seconds), so a day's number is its midnight divided by that: the hot paths (change detection
 * over every series and day) stay arithmetic.
 */
export type Day = string;

/** The first and last day the contract accepts (`components/schemas/Day`). */
export const FIRST_DAY: Day = "2000-01-01";
export const LAST_DAY: Day = "2100-12-31";

const MS_PER_DAY = 86_400_000;

const dayText = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC midnight (ms) of a real calendar day written `YYYY-MM-DD` (years 100-9999), or NaN. */
function midnightOf(text: string): number {
  const match = dayText.exec(text);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  // date-fns: 2026-02-30 and 2025-02-29 do not exist (Date.UTC would roll them into March).
  return year >= 100 && isExists(year, month, day) ? Date.UTC(year, month, day) : Number.NaN;
}

/** Midnights already parsed: the same few hundred days come back on every metrics read. */
const parsed = new Map<string, number>();
const maxParsed = 50_000;

/** The midnight of a day; a RangeError for anything else (a service's days are validated). */
function midnight(day: Day): number {
  const known = parsed.get(day);
  if (known !== undefined) return known;
  const at = midnightOf(day);
  if (Number.isNaN(at)) throw new RangeError(`not a calendar day (YYYY-MM-DD): ${day}`);
  if (parsed.size >= maxParsed) parsed.clear();
  parsed.set(day, at);
  return at;
}

const firstMidnight = midnight(FIRST_DAY);
const lastMidnight = midnight(LAST_DAY);

/** A real calendar day within FIRST_DAY..LAST_DAY, written `YYYY-MM-DD`: the contract's day. */
export function isDay(value: unknown): value is Day {
  if (typeof value !== "string") return false;
  const at = midnightOf(value);
  return at >= firstMidnight && at <= lastMidnight;
}

/** The UTC day a moment falls on. */
export function dayOf(moment: Date | number): Day {
  const time = typeof moment === "number" ? moment : moment.getTime();
  const text = Number.isFinite(time) ? new Date(time).toISOString().slice(0, 10) : "";
  // Outside years 100..9999 there is no YYYY-MM-DD (9999-12-31 + 1 is +010000-01-01).
  if (Number.isNaN(midnightOf(text))) throw new RangeError(`no YYYY-MM-DD day for ${time}`);
  return text;
}

/** The moment `count` whole days (of 24 hours) before `moment`: a look-back window's start. */
export function daysBefore(moment: Date, count: number): Date {
  return subDays(moment, count, { in: utc });
}

/** Whole 24-hour days from `earlier` to `later` (negative when `later` is before), rounded down. */
export function wholeDaysBetween(earlier: Date | number, later: Date | number): number {
  return Math.floor((Number(later) - Number(earlier)) / MS_PER_DAY);
}

/** The first moment (UTC midnight) of a day. */
export function dayStart(day: Day): Date {
  return new Date(midnight(day));
}

/** The first moment after a day (the next day's UTC midnight), the exclusive end of its moments. */
export function dayEnd(day: Day): Date {
  return dayStart(addDays(day, 1));
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: Day, count: number): Day {
  if (!Number.isSafeInteger(count)) throw new RangeError(`not a whole number of days: ${count}`);
  // A UTC day is a fixed 86,400,000 ms: no calendar step is needed to move between midnights.
  return dayOf(midnight(day) + count * MS_PER_DAY);
}

/**
 * The day `count` days after `day` (before it when negative), held within FIRST_DAY..LAST_DAY:
 * for the days a service derives (a default `from` before `to`, a default `to` after `from`),
 * which the contract's responses carry as days too.
 */
export function addDaysWithin(day: Day, count: number): Day {
  if (!Number.isSafeInteger(count)) throw new RangeError(`not a whole number of days: ${count}`);
  const at = midnight(day) + count * MS_PER_DAY;
  return dayOf(Math.min(lastMidnight, Math.max(firstMidnight, at)));
}

/** The number of a day counted from 1970-01-01 (day 0), for arithmetic over many days. */
export function dayNumber(day: Day): number {
  return midnight(day) / MS_PER_DAY;
}

/** How many days `to` is after `from` (negative when before). */
export function daysBetween(from: Day, to: Day): number {
  return dayNumber(to) - dayNumber(from);
}

/** Days in `from..to`, both counted (0 when `to` is before `from`). */
export function spanDays(from: Day, to: Day): number {
  return Math.max(0, daysBetween(from, to) + 1);
}

/** Every day of `from..to` in order (none when `to` is before `from`). */
export function eachDay(from: Day, to: Day): Day[] {
  const [start, end] = [midnight(from), midnight(to)];
  if (end < start) return [];
  return eachDayOfInterval({ start, end }, { in: utc }).map(dayOf);
}
