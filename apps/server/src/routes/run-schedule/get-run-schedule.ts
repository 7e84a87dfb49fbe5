import { defineHandler } from "../../http/handler.js";
import { getRunSchedule as get } from "../../services/run-schedule/get-run-schedule.js";

export const getRunSchedule = defineHandler("getRunSchedule")(async ({ op }) => ({
  status: 200,
  body: await get(op),
}));
