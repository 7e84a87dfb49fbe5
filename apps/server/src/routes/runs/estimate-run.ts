import { defineHandler } from "../../http/handler.js";
import { estimateRun as estimate } from "../../services/runs/estimate-run.js";

export const estimateRun = defineHandler("estimateRun")(async ({ op, query }) => ({
  status: 200,
  body: await estimate({ ...op, query }),
}));
