import type { HandlerRegistry } from "../../http/handler.js";
import { getPageEvaluation } from "./get-page-evaluation.js";
import { listPageEvaluations } from "./list-page-evaluations.js";
import { startPageEvaluation } from "./start-page-evaluation.js";

/** Page evaluations: start one (queued for the worker), list and read them. */
export const pageEvaluationHandlers: HandlerRegistry = {
  startPageEvaluation,
  listPageEvaluations,
  getPageEvaluation,
};
