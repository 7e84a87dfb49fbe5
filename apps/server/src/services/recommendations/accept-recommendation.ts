import type { Recommendation, RequestBody } from "@geopulse/api-types";
import type { WorkspaceOperation } from "../operation.js";
import { transitionRecommendation } from "./transition-recommendation.js";

export interface AcceptRecommendationOptions extends WorkspaceOperation {
  recommendationId: string;
  input: RequestBody<"acceptRecommendation">;
}

/** `proposed` -> `accepted`. */
export function acceptRecommendation(
  options: AcceptRecommendationOptions,
): Promise<Recommendation> {
  return transitionRecommendation({ ...options, action: "accept", body: options.input });
}
