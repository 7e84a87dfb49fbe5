import { utc } from "@date-fns/utc";
import { addMonths } from "date-fns/addMonths";
import { addWeeks } from "date-fns/addWeeks";
import { startOfISOWeek } from "date-fns/startOfISOWeek";
import { startOfMonth } from "date-fns/startOfMonth";
import { subMonths } from "date-fns/subMonths";
import { subWeeks } from "date-fns/subWeeks";
import { addDays, dayOf } from "../../days.js";
/**
 * The report schedule's calendar, in UTC: `weekly` is due each Monday 00:00
 * for the ISO week just ended (Monday to Sunday); `monthly` on the 1st 00:00
 * for the calendar month just ended.
 */
export type ReportFrequency = "weekly" | "monthly";

export const reportPeriods = {
  /** The latest due time at or before `now`. */
  latestDue(frequency: ReportFrequency, now: Date): Date {
    const start =
      frequency === "monthly" ? startOfMonth(now, { in: utc }) : startOfISOWeek(now, { in: utc });
    return new Date(start.getTime());
  },
  /** The first due time strictly after `now`. */
  nextDue(frequency: ReportFrequency, now: Date): Date {
    const latest = reportPeriods.latestDue(frequency, now);
    const next =
      frequency === "weekly" ? addWeeks(latest, 1, { in: utc }) : addMonths(latest, 1, { in: utc });
    return new Date(next.getTime());
  },
  /** The period a due time reports on: the week or month that ended at it. */
  endingAt(frequency: ReportFrequency, due: Date): { from: string; to: string } {
    const to = addDays(dayOf(due), -1);
    const from =
      frequency === "weekly" ? subWeeks(due, 1, { in: utc }) : subMonths(due, 1, { in: utc });
    return { from: dayOf(from), to };
  },
};
