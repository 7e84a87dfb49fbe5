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
} as const;

export function toRunSchedule(w: StoredSchedule): RunSchedule {
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
  };
}
