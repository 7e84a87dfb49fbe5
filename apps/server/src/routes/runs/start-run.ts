import { defineHandler } from "../../http/handler.js";
import { startRun as start } from "../../services/runs/start-run.js";

export const startRun = defineHandler("startRun")(async ({ op, body }) => ({
  status: 202,
  body: await start({ ...op, input: body }),
}));
