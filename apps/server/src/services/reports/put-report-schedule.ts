import type { ReportSchedule, RequestBody } from "@geopulse/api-types";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { REPORT_TYPES } from "./report-catalog.js";
import { reportPeriods } from "./report-periods.js";
import { reportScheduleColumns, toReportSchedule } from "./to-report-schedule.js";

export interface PutReportScheduleOptions extends WorkspaceOperation {
  input: RequestBody<"putReportSchedule">;
}

/** Stores the schedule and its next due time (from now) with the audit record. */
export async function putReportSchedule(
  options: PutReportScheduleOptions,
): Promise<ReportSchedule> {
  const { ctx, workspace, input } = options;
  const now = ctx.clock.now();
  const types = REPORT_TYPES.filter((t) => (input.types ?? REPORT_TYPES).includes(t));
  return ctx.prisma.$transaction(async (tx) => {
    const stored = await tx.workspace.update({
      where: { id: workspace.id },
      data: {
        reportFrequency: input.frequency,
        reportTypes: types,
        nextReportAt: reportPeriods.nextDue(input.frequency, now),
        updatedAt: now,
      },
      select: reportScheduleColumns,
    });
    await audit(options, tx, "report_schedule.set", ["workspace", workspace.id], {
      frequency: input.frequency,
      types,
    });
    return toReportSchedule(stored);
  });
}
