import type { QueryParams, Recommendation } from "@geopulse/api-types";
import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import {
  recommendationIdPrefix,
  recommendationInclude,
  toRecommendationResponse,
} from "./recommendation-rules.js";

export interface ListRecommendationsOptions extends PageRequest {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  query: QueryParams<"listRecommendations">;
}

/** Newest first (ids are time-ordered), filtered, paginated; each with its evidence and history. */
export async function listRecommendations({
  ctx,
  workspace,
  query,
  ...page
}: ListRecommendationsOptions): Promise<{ data: Recommendation[]; nextCursor: string | null }> {
  const where: Prisma.RecommendationWhereInput = {
    workspaceId: workspace.id,
    ...(query.status ? { status: query.status } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.engine ? { engines: { has: query.engine } } : {}),
    ...(query.flagged === undefined
      ? {}
      : { findingCount: query.flagged ? { gt: 0 } : { equals: 0 } }),
  };
  const rows = await ctx.prisma.recommendation.findMany({
    ...pageQuery(where, recommendationIdPrefix, page),
    include: recommendationInclude,
  });
  return toPage(rows, page.limit, (row) => toRecommendationResponse(row, workspace.slug));
}
