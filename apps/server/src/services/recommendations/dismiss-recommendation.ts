import type { Recommendation, RequestBody } from "@geopulse/api-types";
import type { WorkspaceOperation } from "../operation.js";
import { transitionRecommendation } from "./transition-recommendation.js";

export interface DismissRecommendationOptions extends WorkspaceOperation {
  recommendationId: string;
  input: RequestBody<"dismissRecommendation">;
}

/**
 * `proposed`, `accepted` or `in_progress` -> `dismissed`, with the reason (and
 * note) kept on it; a `flagged` one is dismissed only through a review.
 */
export function dismissRecommendation(
  options: DismissRecommendationOptions,
): Promise<Recommendation> {
  const { input } = options;
  return transitionRecommendation({
    ...options,
    action: "dismiss",
    body: input,
    reason: input.reason,
    extra: () => ({
      dismissReason: input.reason,
      dismissNote: input.note ?? null,
      dismissedAt: options.ctx.clock.now(),
    }),
  });
}
