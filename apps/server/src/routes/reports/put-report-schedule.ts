import { defineHandler } from "../../http/handler.js";
import { putReportSchedule as putService } from "../../services/reports/put-report-schedule.js";

export const putReportSchedule = defineHandler("putReportSchedule")(async ({ op, body }) => ({
  status: 200,
  body: await putService({ ...op, input: body }),
}));
