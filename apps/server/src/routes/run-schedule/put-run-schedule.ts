import { defineHandler } from "../../http/handler.js";
import { putRunSchedule as put } from "../../services/run-schedule/put-run-schedule.js";

export const putRunSchedule = defineHandler("putRunSchedule")(async ({ op, body }) => ({
  status: 200,
  body: await put({ ...op, input: body }),
}));
