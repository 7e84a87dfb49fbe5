import type { HandlerRegistry } from "../../http/handler.js";
import { deleteRunSchedule } from "../run-schedule/delete-run-schedule.js";
import { getRunSchedule } from "../run-schedule/get-run-schedule.js";
import { putRunSchedule } from "../run-schedule/put-run-schedule.js";
import { cancelRun } from "./cancel-run.js";
import { estimateRun } from "./estimate-run.js";
import { getRun, listRunResponses, listRuns } from "./read-runs.js";
import { startRun } from "./start-run.js";

/** Measurement runs and their schedule. */
export const runHandlers: HandlerRegistry = {
  startRun,
  estimateRun,
  listRuns,
  getRun,
  cancelRun,
  listRunResponses,
  getRunSchedule,
  putRunSchedule,
  deleteRunSchedule,
};
