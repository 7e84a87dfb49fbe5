import { defineHandler } from "../../http/handler.js";
import { deriveRecommendations as deriveService } from "../../services/recommendations/derive-recommendations.js";

export const deriveRecommendations = defineHandler("deriveRecommendations")(async ({ op }) => ({
  status: 200,
  body: await deriveService(op),
}));
