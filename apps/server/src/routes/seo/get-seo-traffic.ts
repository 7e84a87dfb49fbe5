import { defineHandler } from "../../http/handler.js";
import { getSeoTraffic as get } from "../../services/seo/get-seo-traffic.js";

export const getSeoTraffic = defineHandler("getSeoTraffic")(async ({ op, query }) => ({
  status: 200,
  body: await get({ ...op, from: query.from, to: query.to }),
}));
