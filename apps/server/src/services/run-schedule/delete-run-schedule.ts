import type { AppContext } from "../../context.js";
import type { Principal, WorkspaceAccess } from "../../http/principal.js";
import { audit } from "../audit/audit.js";

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
        scheduleSeoRefresh: false,
        confirmationBudgetMicrousd: null,
        updatedAt: ctx.clock.now(),
      },
    });
    if (removed.count === 0) return;
    await audit(options, tx, "run_schedule.delete", ["workspace", workspace.id]);
  });
}
