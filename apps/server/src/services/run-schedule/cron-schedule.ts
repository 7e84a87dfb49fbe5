import { CronExpressionParser } from "cron-parser";
import { errors } from "../../errors/app-error.js";

/** Occurrences checked for the once-per-local-day rule: two weeks covers every weekday. */
const lookahead = 15;

/** Whether `name` is a time zone this runtime knows (IANA names, `UTC`). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The first occurrence of `cron` in `timezone` strictly after `after`. */
export function nextOccurrence(cron: string, timezone: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz: timezone }).next().toDate();
}

/**
 * Checks a schedule the way PUT .../run-schedule promises: five fields, a
 * known time zone, and no two occurrences on one local day. Throws a 400
 * naming the field.
 */
export function validateSchedule(cron: string, timezone: string, now: Date): void {
  if (!isTimeZone(timezone))
    throw errors.invalidSchedule("timezone", `"${timezone}" is not an IANA time zone name.`);
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5)
    throw errors.invalidSchedule(
      "cron",
      `A schedule has five fields (minute hour day-of-month month day-of-week); got ${fields.length}.`,
    );
  let expression: ReturnType<typeof CronExpressionParser.parse>;
  try {
    expression = CronExpressionParser.parse(fields.join(" "), {
      currentDate: now,
      tz: timezone,
      strict: false,
    });
  } catch (error) {
    throw errors.invalidSchedule("cron", `Not a cron expression: ${(error as Error).message}`);
  }
  const localDay = new Intl.DateTimeFormat("en-CA", { timeZone: timezone, dateStyle: "short" });
  const seen = new Set<string>();
  for (let i = 0; i < lookahead; i++) {
    let at: Date;
    try {
      at = expression.next().toDate();
    } catch {
      if (i === 0) throw errors.invalidSchedule("cron", "The expression never fires.");
      return;
    }
    const day = localDay.format(at);
    if (seen.has(day))
      throw errors.invalidSchedule(
        "cron",
        "Runs are scheduled at most once per day: this expression fires twice on one local day.",
      );
    seen.add(day);
  }
}
