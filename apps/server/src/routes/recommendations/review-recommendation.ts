import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { reviewRecommendation as reviewService } from "../../services/recommendations/review-recommendation.js";

export const reviewRecommendation = defineHandler("reviewRecommendation")(
  async ({ op, params, body }) => ({
    status: 200,
    body: await reviewService({
      ...sessionOp(op),
      recommendationId: params.recommendationId,
      input: body,
    }),
  }),
);
