import { defineHandler } from "../../http/handler.js";
import { deleteRunSchedule as remove } from "../../services/run-schedule/delete-run-schedule.js";

export const deleteRunSchedule = defineHandler("deleteRunSchedule")(async ({ op }) => {
  await remove(op);
  return { status: 204, body: undefined };
});
