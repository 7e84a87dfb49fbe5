import { defineHandler } from "../../http/handler.js";
import { startRecommendation as startService } from "../../services/recommendations/start-recommendation.js";

export const startRecommendation = defineHandler("startRecommendation")(
  async ({ op, params, body }) => ({
    status: 200,
    body: await startService({ ...op, recommendationId: params.recommendationId, input: body }),
  }),
);
