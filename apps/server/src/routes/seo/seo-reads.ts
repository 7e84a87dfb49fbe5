import { defineHandler } from "../../http/handler.js";
import { getSeoCorrelation as correlation } from "../../services/seo/get-seo-correlation.js";
import { getSeoLandingPages as landingPages } from "../../services/seo/get-seo-landing-pages.js";
import { listSeoQueries as queries } from "../../services/seo/list-seo-queries.js";

export const getSeoLandingPages = defineHandler("getSeoLandingPages")(async ({ op, query }) => ({
  status: 200,
  body: await landingPages({ ...op, from: query.from, to: query.to, limit: query.limit }),
}));

export const listSeoQueries = defineHandler("listSeoQueries")(async ({ op, query }) => ({
  status: 200,
  body: await queries({
    ...op,
    from: query.from,
    to: query.to,
    uncovered: query.uncovered,
    minScore: query.minScore,
    limit: query.limit,
  }),
}));

export const getSeoCorrelation = defineHandler("getSeoCorrelation")(async ({ op, query }) => ({
  status: 200,
  body: await correlation({ ...op, from: query.from, to: query.to }),
}));
