import { defineHandler } from "../../http/handler.js";
import { startPageEvaluation as startService } from "../../services/page-evaluations/start-page-evaluation.js";

export const startPageEvaluation = defineHandler("startPageEvaluation")(async ({ op, body }) => ({
  status: 202,
  body: await startService({ ...op, input: body }),
}));
