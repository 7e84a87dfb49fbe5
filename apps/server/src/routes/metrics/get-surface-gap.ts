import { defineHandler } from "../../http/handler.js";
import { listSurfaceGaps } from "../../services/metrics/list-surface-gaps.js";

export const getSurfaceGap = defineHandler("getSurfaceGap")(async ({ op, query }) => ({
  status: 200,
  body: await listSurfaceGaps({ ...op, from: query.from, to: query.to, limit: query.limit }),
}));
