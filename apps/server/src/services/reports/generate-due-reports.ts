import type { AppContext } from "../../context.js";
import { addDaysWithin, dayOf, daysBefore } from "../../days.js";
import type { ReportType } from "../../reports/report-document.js";
import { generateReport } from "./generate-report.js";
import { REPORT_TYPES } from "./report-catalog.js";
import { type ReportFrequency, reportPeriods } from "./report-periods.js";

/** How far back finished scheduled runs are looked for (a lost job's are caught up). */
const RUN_LOOKBACK_DAYS = 8;

/**
 * The `reports-generate` job: generates what is due for a workspace and not
 * stored yet. For the latest due time of its report schedule
 * (`lastReportAt`), the schedule's types over the week or month that ended
 * then (trigger `schedule`); for each UTC day with a finished run the run
 * schedule started (in the last 8 days), the same types, or every type when
 * no report schedule is set, over the 7 days ending that day (trigger `run`).
 * Each (type, period, trigger) is stored once, so a repeat makes nothing new.
 * Returns the ids of the reports made now.
 */
export async function generateDueReports({
  ctx,
  workspaceId,
}: {
  ctx: AppContext;
  workspaceId: string;
}): Promise<string[]> {
  const workspace = await ctx.prisma.workspace.findUnique({
    where: { id: workspaceId },
    select: { reportFrequency: true, reportTypes: true, lastReportAt: true },
  });
  if (!workspace) return [];
  const types = (
    workspace.reportFrequency && workspace.reportTypes.length > 0
      ? workspace.reportTypes
      : REPORT_TYPES
  ) as ReportType[];
  const wanted: Array<{ period: { from: string; to: string }; trigger: "schedule" | "run" }> = [];
  if (workspace.reportFrequency && workspace.lastReportAt) {
    wanted.push({
      period: reportPeriods.endingAt(
        workspace.reportFrequency as ReportFrequency,
        workspace.lastReportAt,
      ),
      trigger: "schedule",
    });
  }
  const runs = await ctx.prisma.run.findMany({
    where: {
      workspaceId,
      triggeredBy: "schedule",
      purpose: "measurement",
      finishedAt: { not: null },
      completedTasks: { gt: 0 },
      createdAt: { gte: daysBefore(ctx.clock.now(), RUN_LOOKBACK_DAYS) },
    },
    select: { createdAt: true },
  });
  const runDays = [...new Set(runs.map((r) => dayOf(r.createdAt)))].sort();
  for (const day of runDays) {
    wanted.push({ period: { from: addDaysWithin(day, -6), to: day }, trigger: "run" });
  }
  const made: string[] = [];
  for (const { period, trigger } of wanted) {
    for (const type of types) {
      const result = await generateReport({ ctx, workspaceId, type, period, trigger });
      if (result?.created) made.push(result.reportId);
    }
  }
  return made;
}
