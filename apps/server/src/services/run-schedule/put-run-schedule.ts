import type { RequestBody, RunSchedule } from "@geopulse/api-types";
import { audit } from "../audit/audit.js";
import { confirmationSpend } from "../confirmations/confirmation-spend.js";
import type { WorkspaceOperation } from "../operation.js";
import { nextOccurrence, validateSchedule } from "./cron-schedule.js";
import { scheduleColumns, toRunSchedule } from "./to-run-schedule.js";

export interface PutRunScheduleOptions extends WorkspaceOperation {
  input: RequestBody<"putRunSchedule">;
}

/**
 * Stores the schedule and its next occurrence (from now) with the audit record; the daily SEO
 * refresh flag and the confirmation budget when the body has them (omitted, the stored ones
 * stay).
 */
export async function putRunSchedule(options: PutRunScheduleOptions): Promise<RunSchedule> {
  const { ctx, workspace, input } = options;
  const now = ctx.clock.now();
  const cron = input.cron.trim().split(/\s+/).join(" ");
  validateSchedule(cron, input.timezone, now);
  return ctx.prisma.$transaction(async (tx) => {
    const stored = await tx.workspace.update({
      where: { id: workspace.id },
      data: {
        scheduleCron: cron,
        scheduleTimezone: input.timezone,
        schedulePreset: input.preset,
        nextScheduledRunAt: nextOccurrence(cron, input.timezone, now),
        ...(input.seoRefresh ? { scheduleSeoRefresh: input.seoRefresh.enabled } : {}),
        ...(input.confirmations
          ? {
              confirmationBudgetMicrousd:
                input.confirmations.monthlyBudgetMicrousd === null
                  ? null
                  : BigInt(input.confirmations.monthlyBudgetMicrousd),
            }
          : {}),
        updatedAt: now,
      },
      select: scheduleColumns,
    });
    await audit(options, tx, "run_schedule.set", ["workspace", workspace.id], {
      cron,
      timezone: input.timezone,
      preset: input.preset,
      seoRefresh: stored.scheduleSeoRefresh,
      confirmationBudgetMicrousd:
        stored.confirmationBudgetMicrousd === null
          ? null
          : Number(stored.confirmationBudgetMicrousd),
    });
    return toRunSchedule(stored, await confirmationSpend(tx, workspace.id, now));
  });
}
