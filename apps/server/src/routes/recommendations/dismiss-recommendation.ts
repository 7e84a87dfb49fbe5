import { defineHandler } from "../../http/handler.js";
import { dismissRecommendation as dismissService } from "../../services/recommendations/dismiss-recommendation.js";

export const dismissRecommendation = defineHandler("dismissRecommendation")(
  async ({ op, params, body }) => ({
    status: 200,
    body: await dismissService({ ...op, recommendationId: params.recommendationId, input: body }),
  }),
);
