import type { AppContext } from "../../context.js";
import { addDays, dayOf } from "../../days.js";
import { CONFIRMATION_MAX_CALENDAR_DAYS } from "./confirmation-state.js";

/** Days past its last countable day a confirmation blocked by an unsettled day still waits. */
const BACKSTOP_DAYS = 7;

/**
 * Expires, across workspaces, what the refresh could not (the minute sweep): a confirmation still
 * collecting past its last countable day (CONFIRMATION_MAX_CALENDAR_DAYS after its borderline
 * day) whose workspace has no unfinished run of a countable day, so nothing refreshed it (the
 * schedule removed, the budget or the credit spent), the day after; and, whatever holds it back
 * (a stalled run, a re-analysis never done), BACKSTOP_DAYS later. Returns how many.
 */
export async function expireConfirmations({ ctx }: { ctx: AppContext }): Promise<number> {
  const now = ctx.clock.now();
  const today = dayOf(now);
  const rows = await ctx.prisma.$queryRawUnsafe<Array<{ id: string }>>(
    `UPDATE metric_confirmations c
     SET status = 'expired', expired_because = 'calendar_days', decided_on = $1::date,
       updated_at = $2::timestamptz
     WHERE c.status = 'collecting' AND (
       c.day < $3::date
       OR (c.day < $4::date AND NOT EXISTS (
         SELECT 1 FROM runs r WHERE r.workspace_id = c.workspace_id AND r.finished_at IS NULL
           AND r.created_at < c.day + $5::int + 1)))
     RETURNING c.id`,
    today,
    now.toISOString(),
    // Its last countable day (day + MAX) is before today: day < today − MAX.
    addDays(today, -(CONFIRMATION_MAX_CALENDAR_DAYS + BACKSTOP_DAYS)),
    addDays(today, -CONFIRMATION_MAX_CALENDAR_DAYS),
    CONFIRMATION_MAX_CALENDAR_DAYS,
  );
  return rows.length;
}
