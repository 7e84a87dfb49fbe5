import type { ReportShareLink } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceOperation } from "../operation.js";
import { toShareLink } from "./to-share-link.js";

/** A report's share links, newest first, without tokens. */
export async function listReportShareLinks(
  options: WorkspaceOperation & { reportId: string },
): Promise<{ data: ReportShareLink[] }> {
  const { ctx, workspace, reportId } = options;
  const report = await ctx.prisma.report.findFirst({
    where: { id: reportId, workspaceId: workspace.id },
    select: { id: true, shareLinks: { orderBy: { id: "desc" } } },
  });
  if (!report) throw errors.notFound("Report");
  const now = ctx.clock.now();
  return { data: report.shareLinks.map((link) => toShareLink(link, now)) };
}
