import { defineHandler } from "../../http/handler.js";
import { startResearch as start } from "../../services/research/start-research.js";

export const startResearch = defineHandler("startResearch")(async ({ op, body }) => ({
  status: 202,
  body: await start({ ...op, input: body }),
}));
