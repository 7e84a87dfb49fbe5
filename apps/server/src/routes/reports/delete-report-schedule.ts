import { defineHandler } from "../../http/handler.js";
import { deleteReportSchedule as deleteService } from "../../services/reports/delete-report-schedule.js";

export const deleteReportSchedule = defineHandler("deleteReportSchedule")(async ({ op }) => {
  await deleteService(op);
  return { status: 204, body: undefined };
});
