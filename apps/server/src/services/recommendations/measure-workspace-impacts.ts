import type { AppContext } from "../../context.js";
import {
  type ImpactOutcome,
  measureRecommendationImpact,
} from "./measure-recommendation-impact.js";

/**
 * Measures the impact of every `done` recommendation of a workspace (the
 * `recommendation-impacts-measure` job), oldest first, each in its own short
 * transaction. Returns what each measurement did.
 */
export async function measureWorkspaceImpacts(options: {
  ctx: AppContext;
  workspaceId: string;
}): Promise<ImpactOutcome[]> {
  const { ctx, workspaceId } = options;
  const done = await ctx.prisma.recommendation.findMany({
    where: { workspaceId, status: "done" },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const outcomes: ImpactOutcome[] = [];
  for (const { id } of done) {
    const outcome = await measureRecommendationImpact({ ctx, workspaceId, recommendationId: id });
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}
