import type { AppContext } from "../../context.js";
import { listOutdatedDays, listRunDays, reanalyzeDay } from "./reanalyze-day.js";

export interface ReanalyzeWorkspaceOptions {
  ctx: AppContext;
  workspaceId: string;
  /** `all` days with runs, or only those with rollups of an older analysis version. */
  scope: "all" | "outdated";
}

/**
 * Rebuilds a workspace's analyses and rollups at the current ANALYSIS_VERSION
 * with its current brand and competitors, one day (one transaction) at a time,
 * newest first (the days people look at come back first), so a year of data
 * never sits in one transaction and reads stay available.
 */
export async function reanalyzeWorkspace({ ctx, workspaceId, scope }: ReanalyzeWorkspaceOptions) {
  const exists = await ctx.prisma.workspace.findUnique({ where: { id: workspaceId } });
  if (!exists) return { days: 0, answers: 0 };
  let answers = 0;
  const days =
    scope === "all"
      ? await listRunDays(ctx, workspaceId)
      : await listOutdatedDays(ctx, workspaceId);
  for (const day of days) answers += await reanalyzeDay({ ctx, workspaceId, day });
  if (days.length > 0)
    ctx.logger.info({ workspaceId, scope, days: days.length, answers }, "workspace re-analysed");
  return { days: days.length, answers };
}
