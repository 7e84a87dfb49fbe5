import type { Scoreboard, WorkspaceMetrics } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceAccess } from "../../http/principal.js";

export interface GetMetricsOptions {
  ctx: AppContext;
  access: WorkspaceAccess;
}

/**
 * The scoreboard of a workspace. Measurement and analysis are not built yet,
 * so there is no data: every number is 0 with n = 0 and the engine list is empty.
 */
export async function getWorkspaceScoreboard({
  ctx,
  access,
}: GetMetricsOptions): Promise<Scoreboard> {
  const workspace = await ctx.prisma.workspace.findUnique({
    where: { id: access.id },
    select: { brand: true },
  });
  if (!workspace) throw errors.workspaceNotFound();
  return {
    brand: workspace.brand,
    date: ctx.clock.now().toISOString().slice(0, 10),
    composite: {
      value: 0,
      ciLow: 0,
      ciHigh: 0,
      n: 0,
      entity: workspace.brand,
      deltas: { previous: 0, "7d": 0, "28d": 0 },
    },
    engines: [],
  };
}

/** The metrics view; before the first run, empty lists and a null latestRun. */
export async function getWorkspaceMetrics(options: GetMetricsOptions): Promise<WorkspaceMetrics> {
  return {
    scoreboard: await getWorkspaceScoreboard(options),
    latestRun: null,
    recentRuns: [],
    shareOfVoice: [],
    topCitedDomains: [],
    pendingRecommendations: { proposed: 0, complianceFlagged: 0 },
  };
}
