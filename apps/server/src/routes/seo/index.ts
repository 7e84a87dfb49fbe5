import type { HandlerRegistry } from "../../http/handler.js";
import { getSeoTraffic } from "./get-seo-traffic.js";
import { getSeoRefresh, listSeoRefreshes } from "./read-seo-refreshes.js";
import { startSeoRefresh } from "./start-seo-refresh.js";

/** SEO processing: refreshes of Search Console and GA4 data, and AI referral traffic. */
export const seoHandlers: HandlerRegistry = {
  startSeoRefresh,
  listSeoRefreshes,
  getSeoRefresh,
  getSeoTraffic,
};
