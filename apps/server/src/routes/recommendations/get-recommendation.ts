import { defineHandler } from "../../http/handler.js";
import { getRecommendation as getService } from "../../services/recommendations/get-recommendation.js";

export const getRecommendation = defineHandler("getRecommendation")(async ({ op, params }) => ({
  status: 200,
  body: await getService({ ...op, recommendationId: params.recommendationId }),
}));
