import { errors } from "../../errors/app-error.js";
import type { WorkspaceOperation } from "../operation.js";
import { type RenderedReport, type ReportFormat, renderReport } from "./render-report.js";
import { toReportResponse } from "./to-report-response.js";

export interface GetReportOptions extends WorkspaceOperation {
  reportId: string;
  format: ReportFormat;
  section?: string | undefined;
}

/** One of the workspace's reports in a format; another workspace's is `404 not_found`. */
export async function getReport(options: GetReportOptions): Promise<RenderedReport> {
  const { ctx, workspace } = options;
  const row = await ctx.prisma.report.findFirst({
    where: { id: options.reportId, workspaceId: workspace.id },
  });
  if (!row) throw errors.notFound("Report");
  return renderReport({
    report: toReportResponse.full(row, workspace.slug),
    format: options.format,
    section: options.section,
  });
}
