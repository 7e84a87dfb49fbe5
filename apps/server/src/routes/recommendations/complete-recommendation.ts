import { defineHandler } from "../../http/handler.js";
import { completeRecommendation as completeService } from "../../services/recommendations/complete-recommendation.js";

export const completeRecommendation = defineHandler("completeRecommendation")(
  async ({ op, params, body }) => ({
    status: 200,
    body: await completeService({ ...op, recommendationId: params.recommendationId, input: body }),
  }),
);
