import { defineHandler } from "../../http/handler.js";
import { listSources as list } from "../../services/sources/list-sources.js";

export const listSources = defineHandler("listSources")(async ({ op, query }) => ({
  status: 200,
  body: await list({
    ...op,
    from: query.from,
    to: query.to,
    limit: query.limit,
    surface: query.surface,
  }),
}));
