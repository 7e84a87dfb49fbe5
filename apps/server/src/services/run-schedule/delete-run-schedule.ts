import type { AppContext } from "../../context.js";
import type { Principal, WorkspaceAccess } from "../../http/principal.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";

export async function deleteRunSchedule(options: {
  ctx: AppContext;
  principal: Principal;
  workspace: WorkspaceAccess;
  requestId: string;
}): Promise<void> {
  const { ctx, workspace } = options;
  await ctx.prisma.$transaction(async (tx) => {
    const removed = await tx.workspace.updateMany({
      where: { id: workspace.id, scheduleCron: { not: null } },
      data: {
        scheduleCron: null,
        scheduleTimezone: null,
        schedulePreset: null,
        nextScheduledRunAt: null,
        updatedAt: ctx.clock.now(),
      },
    });
    if (removed.count === 0) return;
    await recordAuditEvent({
      tx,
      clock: ctx.clock,
      principal: options.principal,
      requestId: options.requestId,
      workspaceId: workspace.id,
      action: "run_schedule.delete",
      targetType: "workspace",
      targetId: workspace.id,
    });
  });
}
