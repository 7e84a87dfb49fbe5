import { addDays, daysBetween, FIRST_DAY, spanDays } from "../../days.js";

export interface DayPeriod {
  from: string;
  to: string;
}

/**
 * The period of the same length that ends the day before `period` starts, or null when it would
 * start before 2000-01-01, the contract's first day: there is no such period to compare with (a
 * shorter one would not compare like with like, and a 1999 day is outside the contract).
 */
export function previousPeriodOf(period: DayPeriod): DayPeriod | null {
  const length = spanDays(period.from, period.to);
  if (daysBetween(FIRST_DAY, period.from) < length) return null;
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}
