import type { WorkspaceMetrics } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";

type PendingRecommendations = WorkspaceMetrics["pendingRecommendations"];

/**
 * `pendingRecommendations` of the metrics view: open `proposed` ones and those
 * `flagged` for compliance review, counted in one grouped read on the
 * (workspace, status, id) index, kept among the workspace's cached reads until
 * a recommendation is added, removed or changes status (trigger
 * `recommendations_changed`; services/workspaces/workspace-read-cache.ts).
 */
export function countPendingRecommendations(
  ctx: AppContext,
  workspaceId: string,
): Promise<PendingRecommendations> {
  return ctx.workspaceReads.read(workspaceId, "pending-recommendations", () =>
    readPendingRecommendations(ctx, workspaceId),
  );
}

async function readPendingRecommendations(
  ctx: AppContext,
  workspaceId: string,
): Promise<PendingRecommendations> {
  const groups = await ctx.prisma.recommendation.groupBy({
    by: ["status"],
    where: { workspaceId, status: { in: ["proposed", "flagged"] } },
    _count: { _all: true },
  });
  const count = (status: string) => groups.find((g) => g.status === status)?._count._all ?? 0;
  return { proposed: count("proposed"), complianceFlagged: count("flagged") };
}
