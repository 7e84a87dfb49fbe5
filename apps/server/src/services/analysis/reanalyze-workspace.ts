import type { AppContext } from "../../context.js";
import { listRunDays, reanalyzeDay } from "./reanalyze-day.js";

export interface ReanalyzeWorkspaceOptions {
  ctx: AppContext;
  workspaceId: string;
}

/**
 * Rebuilds a workspace's analyses and rollups at the current ANALYSIS_VERSION
 * with its current brand and competitors, one day (one transaction) at a time,
 * so a year of data never sits in one transaction and reads stay available.
 */
export async function reanalyzeWorkspace({ ctx, workspaceId }: ReanalyzeWorkspaceOptions) {
  const exists = await ctx.prisma.workspace.findUnique({ where: { id: workspaceId } });
  if (!exists) return { days: 0, answers: 0 };
  let answers = 0;
  const days = await listRunDays(ctx, workspaceId);
  for (const day of days) answers += await reanalyzeDay({ ctx, workspaceId, day });
  ctx.logger.info({ workspaceId, days: days.length, answers }, "workspace re-analysed");
  return { days: days.length, answers };
}
