import { shiftDate } from "../../metrics/composite-deltas.js";

export interface DayPeriod {
  from: string;
  to: string;
}

/** The period of the same length that ends the day before `period` starts. */
export function previousPeriodOf(period: DayPeriod): DayPeriod {
  const length = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 + 1;
  return { from: shiftDate(period.from, -length), to: shiftDate(period.from, -1) };
}
