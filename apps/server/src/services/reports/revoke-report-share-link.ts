import { errors } from "../../errors/app-error.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";

/**
 * Revokes a share link (one conditional update, with its audit record); a
 * revoked link stays revoked and revoking it again changes nothing.
 */
export async function revokeReportShareLink(
  options: WorkspaceOperation & { reportId: string; linkId: string },
): Promise<void> {
  const { ctx, workspace, reportId, linkId } = options;
  await ctx.prisma.$transaction(async (tx) => {
    const link = await tx.reportShareLink.findFirst({
      where: { id: linkId, reportId, workspaceId: workspace.id },
      select: { id: true, revokedAt: true },
    });
    if (!link) throw errors.notFound("Share link");
    if (link.revokedAt) return;
    const revoked = await tx.reportShareLink.updateMany({
      where: { id: linkId, revokedAt: null },
      data: { revokedAt: ctx.clock.now() },
    });
    if (revoked.count === 0) return;
    await audit(options, tx, "report_share_link.revoke", ["report_share_link", linkId], {
      reportId,
    });
  });
}
