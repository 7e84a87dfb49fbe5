import type { Recommendation, RequestBody } from "@geopulse/api-types";
import type { Prisma } from "@geopulse/db";
import type { WorkspaceOperation } from "../operation.js";
import { transitionRecommendation } from "./transition-recommendation.js";

export interface CompleteRecommendationOptions extends WorkspaceOperation {
  recommendationId: string;
  input: RequestBody<"completeRecommendation">;
}

/**
 * `accepted` or `in_progress` -> `done`, storing the impact baseline: the
 * evidence metric (value, interval, n, day) as it stands now. Later runs
 * measure the same metric beside it; until then the verdict is
 * `not_enough_data`.
 */
export function completeRecommendation(
  options: CompleteRecommendationOptions,
): Promise<Recommendation> {
  return transitionRecommendation({
    ...options,
    action: "done",
    body: options.input,
    extra: (row) => ({
      doneAt: options.ctx.clock.now(),
      impactBaseline: row.metric as Prisma.InputJsonValue,
      impactVerdict: "not_enough_data",
    }),
  });
}
