import type { AppContext } from "../../context.js";
import { addDays, dayOf } from "../../days.js";
import { CONFIRMATION_MAX_CALENDAR_DAYS } from "./confirmation-state.js";

/**
 * Expires, across workspaces, every confirmation still collecting CONFIRMATION_MAX_CALENDAR_DAYS
 * after its borderline day (the minute sweep), whether or not anything refreshed it: its runs
 * may have stopped (schedule removed, budget or credit spent). Returns how many.
 */
export async function expireConfirmations({ ctx }: { ctx: AppContext }): Promise<number> {
  const now = ctx.clock.now();
  const today = dayOf(now);
  const { count } = await ctx.prisma.metricConfirmation.updateMany({
    where: {
      status: "collecting",
      day: { lt: new Date(`${addDays(today, -CONFIRMATION_MAX_CALENDAR_DAYS)}T00:00:00.000Z`) },
    },
    data: {
      status: "expired",
      expiredBecause: "calendar_days",
      decidedOn: new Date(`${today}T00:00:00.000Z`),
      updatedAt: now,
    },
  });
  return count;
}
