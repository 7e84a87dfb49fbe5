import type { ReportSchedule } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceOperation } from "../operation.js";
import { reportScheduleColumns, toReportSchedule } from "./to-report-schedule.js";

export async function getReportSchedule(options: WorkspaceOperation): Promise<ReportSchedule> {
  const stored = await options.ctx.prisma.workspace.findUnique({
    where: { id: options.workspace.id },
    select: reportScheduleColumns,
  });
  if (!stored) throw errors.workspaceNotFound();
  return toReportSchedule(stored);
}
