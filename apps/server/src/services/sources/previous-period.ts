import { addDays, spanDays } from "../../days.js";

export interface DayPeriod {
  from: string;
  to: string;
}

/** The period of the same length that ends the day before `period` starts. */
export function previousPeriodOf(period: DayPeriod): DayPeriod {
  const length = spanDays(period.from, period.to);
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}
