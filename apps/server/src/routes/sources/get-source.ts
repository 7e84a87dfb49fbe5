import { defineHandler } from "../../http/handler.js";
import { getSource as get } from "../../services/sources/get-source.js";

export const getSource = defineHandler("getSource")(async ({ op, params, query }) => ({
  status: 200,
  body: await get({
    ...op,
    domain: params.domain,
    from: query.from,
    to: query.to,
    limit: query.limit,
    surface: query.surface,
  }),
}));
