import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import { listRecommendations as listService } from "../../services/recommendations/list-recommendations.js";

export const listRecommendations = defineHandler("listRecommendations")(async ({ op, query }) => ({
  status: 200,
  body: await listService({ ...op, ...pageOf(query), query }),
}));
