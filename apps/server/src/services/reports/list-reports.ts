import type { QueryParams, ReportSummary } from "@geopulse/api-types";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import type { WorkspaceOperation } from "../operation.js";
import { toReportResponse } from "./to-report-response.js";

export interface ListReportsOptions extends PageRequest, WorkspaceOperation {
  query: QueryParams<"listReports">;
}

/** Newest first (ids are time-ordered), optionally of one type. */
export async function listReports({
  ctx,
  workspace,
  query,
  limit,
  cursor,
}: ListReportsOptions): Promise<{ data: ReportSummary[]; nextCursor: string | null }> {
  const where = { workspaceId: workspace.id, ...(query.type ? { type: query.type } : {}) };
  const rows = await ctx.prisma.report.findMany({
    ...pageQuery(where, "rpt", { limit, cursor }),
    omit: { document: true },
  });
  return toPage(rows, limit, (row) => toReportResponse.summary(row, workspace.slug));
}
