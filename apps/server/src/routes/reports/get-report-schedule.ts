import { defineHandler } from "../../http/handler.js";
import { getReportSchedule as getService } from "../../services/reports/get-report-schedule.js";

export const getReportSchedule = defineHandler("getReportSchedule")(async ({ op }) => ({
  status: 200,
  body: await getService(op),
}));
