/**
 * The report schedule's calendar, in UTC: `weekly` is due each Monday 00:00
 * for the ISO week just ended (Monday to Sunday); `monthly` on the 1st 00:00
 * for the calendar month just ended.
 */
export type ReportFrequency = "weekly" | "monthly";

const DAY = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

export const reportPeriods = {
  /** The latest due time at or before `now`. */
  latestDue(frequency: ReportFrequency, now: Date): Date {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    if (frequency === "monthly") {
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    }
    const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
    return new Date(midnight - sinceMonday * DAY);
  },
  /** The first due time strictly after `now`. */
  nextDue(frequency: ReportFrequency, now: Date): Date {
    const latest = reportPeriods.latestDue(frequency, now);
    if (frequency === "weekly") return new Date(latest.getTime() + 7 * DAY);
    return new Date(Date.UTC(latest.getUTCFullYear(), latest.getUTCMonth() + 1, 1));
  },
  /** The period a due time reports on: the week or month that ended at it. */
  endingAt(frequency: ReportFrequency, due: Date): { from: string; to: string } {
    const to = dayOf(due.getTime() - DAY);
    if (frequency === "weekly") return { from: dayOf(due.getTime() - 7 * DAY), to };
    return {
      from: dayOf(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() - 1, 1)),
      to,
    };
  },
};
