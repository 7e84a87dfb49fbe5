import type { Recommendation } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { findRecommendation, toRecommendationResponse } from "./recommendation-rules.js";

export interface GetRecommendationOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  recommendationId: string;
}

/** One recommendation with its evidence, findings, impact and history; another workspace's is 404. */
export async function getRecommendation({
  ctx,
  workspace,
  recommendationId,
}: GetRecommendationOptions): Promise<Recommendation> {
  return toRecommendationResponse(
    await findRecommendation(ctx.prisma, workspace.id, recommendationId),
    workspace.slug,
  );
}
