import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import {
  getSeoRefresh as get,
  listSeoRefreshes as list,
} from "../../services/seo/read-seo-refreshes.js";

export const listSeoRefreshes = defineHandler("listSeoRefreshes")(async ({ op, query }) => ({
  status: 200,
  body: await list({ ...op, ...pageOf(query) }),
}));

export const getSeoRefresh = defineHandler("getSeoRefresh")(async ({ op, params }) => ({
  status: 200,
  body: await get({ ...op, refreshId: params.refreshId }),
}));
