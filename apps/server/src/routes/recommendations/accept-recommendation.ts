import { defineHandler } from "../../http/handler.js";
import { acceptRecommendation as acceptService } from "../../services/recommendations/accept-recommendation.js";

export const acceptRecommendation = defineHandler("acceptRecommendation")(
  async ({ op, params, body }) => ({
    status: 200,
    body: await acceptService({ ...op, recommendationId: params.recommendationId, input: body }),
  }),
);
