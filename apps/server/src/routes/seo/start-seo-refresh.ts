import { defineHandler } from "../../http/handler.js";
import { startSeoRefresh as start } from "../../services/seo/start-seo-refresh.js";

export const startSeoRefresh = defineHandler("startSeoRefresh")(async ({ op, body }) => ({
  status: 202,
  body: await start({ ...op, input: body }),
}));
