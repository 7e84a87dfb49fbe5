import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";

/** Removes the report schedule (idempotent); stored reports stay. */
export async function deleteReportSchedule(options: WorkspaceOperation): Promise<void> {
  const { ctx, workspace } = options;
  await ctx.prisma.$transaction(async (tx) => {
    const removed = await tx.workspace.updateMany({
      where: { id: workspace.id, reportFrequency: { not: null } },
      data: {
        reportFrequency: null,
        reportTypes: [],
        nextReportAt: null,
        updatedAt: ctx.clock.now(),
      },
    });
    if (removed.count > 0) {
      await audit(options, tx, "report_schedule.delete", ["workspace", workspace.id]);
    }
  });
}
