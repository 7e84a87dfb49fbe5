import type { HandlerRegistry } from "../../http/handler.js";
import { acceptRecommendation } from "./accept-recommendation.js";
import { completeRecommendation } from "./complete-recommendation.js";
import { deriveRecommendations } from "./derive-recommendations.js";
import { dismissRecommendation } from "./dismiss-recommendation.js";
import { getRecommendation } from "./get-recommendation.js";
import { listRecommendations } from "./list-recommendations.js";
import { reviewRecommendation } from "./review-recommendation.js";
import { startRecommendation } from "./start-recommendation.js";

/** Recommendations: list, detail, the lifecycle transitions and the derivation on demand. */
export const recommendationHandlers: HandlerRegistry = {
  listRecommendations,
  getRecommendation,
  acceptRecommendation,
  startRecommendation,
  completeRecommendation,
  dismissRecommendation,
  reviewRecommendation,
  deriveRecommendations,
};
