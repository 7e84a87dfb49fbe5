import type { ReportSchedule } from "@geopulse/api-types";
import { REPORT_TYPES } from "./report-catalog.js";

export const reportScheduleColumns = {
  reportFrequency: true,
  reportTypes: true,
  nextReportAt: true,
  lastReportAt: true,
} as const;

/** The workspace's report schedule columns as the API shows them. */
export function toReportSchedule(w: {
  reportFrequency: string | null;
  reportTypes: string[];
  nextReportAt: Date | null;
  lastReportAt: Date | null;
}): ReportSchedule {
  const enabled = w.reportFrequency !== null;
  return {
    enabled,
    frequency: w.reportFrequency as ReportSchedule["frequency"],
    types: (enabled && w.reportTypes.length > 0
      ? w.reportTypes
      : REPORT_TYPES) as ReportSchedule["types"],
    nextReportAt: w.nextReportAt?.toISOString() ?? null,
    lastReportAt: w.lastReportAt?.toISOString() ?? null,
  };
}
