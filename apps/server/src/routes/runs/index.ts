import type { HandlerRegistry } from "../../http/handler.js";
import { cancelRun } from "./cancel-run.js";
import { getRun, listRunResponses, listRuns } from "./read-runs.js";
import { startRun } from "./start-run.js";

/** Measurement runs. */
export const runHandlers: HandlerRegistry = {
  startRun,
  listRuns,
  getRun,
  cancelRun,
  listRunResponses,
};
