import type { HandlerRegistry } from "../../http/handler.js";
import { getSeoTraffic } from "./get-seo-traffic.js";
import { getSeoRefresh, listSeoRefreshes } from "./read-seo-refreshes.js";
import { getSeoCorrelation, getSeoLandingPages, listSeoQueries } from "./seo-reads.js";
import { startSeoRefresh } from "./start-seo-refresh.js";
import { suggestPromptsFromSearchConsole } from "./suggest-prompts-from-search-console.js";

/**
 * SEO processing: refreshes of Search Console and GA4 data, AI referral traffic and landing
 * pages, queries matched to prompts (and offered as suggestions), and the modelled correlation.
 */
export const seoHandlers: HandlerRegistry = {
  startSeoRefresh,
  listSeoRefreshes,
  getSeoRefresh,
  getSeoTraffic,
  getSeoLandingPages,
  listSeoQueries,
  suggestPromptsFromSearchConsole,
  getSeoCorrelation,
};
