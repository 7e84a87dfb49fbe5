import type { Recommendation, RequestBody } from "@geopulse/api-types";
import type { WorkspaceOperation } from "../operation.js";
import { transitionRecommendation } from "./transition-recommendation.js";

export interface StartRecommendationOptions extends WorkspaceOperation {
  recommendationId: string;
  input: RequestBody<"startRecommendation">;
}

/** `accepted` -> `in_progress`. */
export function startRecommendation(options: StartRecommendationOptions): Promise<Recommendation> {
  return transitionRecommendation({ ...options, action: "start", body: options.input });
}
