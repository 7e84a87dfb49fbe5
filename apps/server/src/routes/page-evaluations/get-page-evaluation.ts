import { defineHandler } from "../../http/handler.js";
import { getPageEvaluation as getService } from "../../services/page-evaluations/get-page-evaluation.js";

export const getPageEvaluation = defineHandler("getPageEvaluation")(async ({ op, params }) => ({
  status: 200,
  body: await getService({ ...op, evaluationId: params.evaluationId }),
}));
