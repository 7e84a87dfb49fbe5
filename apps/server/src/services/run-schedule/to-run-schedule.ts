import type { RunSchedule } from "@geopulse/api-types";

export interface StoredSchedule {
  scheduleCron: string | null;
  scheduleTimezone: string | null;
  schedulePreset: string | null;
  nextScheduledRunAt: Date | null;
  scheduleLastRunAt: Date | null;
  scheduleLastOutcome: string | null;
  scheduleSeoRefresh: boolean;
  scheduleSeoLastRunAt: Date | null;
  scheduleSeoLastOutcome: string | null;
  confirmationBudgetMicrousd: bigint | null;
  scheduleConfirmationsLastRunAt: Date | null;
  scheduleConfirmationsLastOutcome: string | null;
}

export const scheduleColumns = {
  scheduleCron: true,
  scheduleTimezone: true,
  schedulePreset: true,
  nextScheduledRunAt: true,
  scheduleLastRunAt: true,
  scheduleLastOutcome: true,
  scheduleSeoRefresh: true,
  scheduleSeoLastRunAt: true,
  scheduleSeoLastOutcome: true,
  confirmationBudgetMicrousd: true,
  scheduleConfirmationsLastRunAt: true,
  scheduleConfirmationsLastOutcome: true,
} as const;

/** The schedule as the API shows it, with what this month's confirmation runs count (`confirmationSpend`). */
export function toRunSchedule(w: StoredSchedule, confirmationSpent: bigint): RunSchedule {
  return {
    enabled: w.scheduleCron !== null,
    cron: w.scheduleCron,
    timezone: w.scheduleTimezone,
    preset: w.schedulePreset as RunSchedule["preset"],
    nextRunAt: w.nextScheduledRunAt?.toISOString() ?? null,
    lastRunAt: w.scheduleLastRunAt?.toISOString() ?? null,
    lastOutcome: w.scheduleLastOutcome,
    seoRefresh: {
      enabled: w.scheduleSeoRefresh,
      lastRunAt: w.scheduleSeoLastRunAt?.toISOString() ?? null,
      lastOutcome: w.scheduleSeoLastOutcome,
    },
    confirmations: {
      monthlyBudgetMicrousd:
        w.confirmationBudgetMicrousd === null ? null : Number(w.confirmationBudgetMicrousd),
      spentThisMonthMicrousd: Number(confirmationSpent),
      lastRunAt: w.scheduleConfirmationsLastRunAt?.toISOString() ?? null,
      lastOutcome: w.scheduleConfirmationsLastOutcome,
    },
  };
}
