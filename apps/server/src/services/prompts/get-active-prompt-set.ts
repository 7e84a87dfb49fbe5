import type { ActivePromptSet, Quotas } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { promptCategories } from "./prompt-rules.js";

export interface GetActivePromptSetOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

/** The active set per category against the quota targets (round(quota x activeSetSize)). */
export async function getActivePromptSet({
  ctx,
  workspace,
}: GetActivePromptSetOptions): Promise<ActivePromptSet> {
  const [row, groups] = await Promise.all([
    ctx.prisma.workspace.findUnique({
      where: { id: workspace.id },
      select: { activeSetSize: true, quotas: true },
    }),
    ctx.prisma.prompt.groupBy({
      by: ["category"],
      where: { workspaceId: workspace.id, active: true },
      _count: { _all: true },
    }),
  ]);
  if (!row) throw errors.workspaceNotFound();
  const quotas = row.quotas as Quotas;
  const actualOf = new Map(groups.map((group) => [group.category, group._count._all]));
  const activeCount = groups.reduce((total, group) => total + group._count._all, 0);
  return {
    activeSetSize: row.activeSetSize,
    activeCount,
    room: Math.max(0, row.activeSetSize - activeCount),
    categories: promptCategories.map((category) => {
      const quota = quotas[category];
      // toFixed first: 0.29 x 50 is 14.499999999999998 in floating point, 14.5 in fact.
      const target = Math.round(Number((quota * row.activeSetSize).toFixed(6)));
      const actual = actualOf.get(category) ?? 0;
      return {
        category,
        quota,
        target,
        actual,
        deficit: Math.max(0, target - actual),
        surplus: Math.max(0, actual - target),
      };
    }),
  };
}
