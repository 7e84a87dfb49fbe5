import { defineHandler } from "../../http/handler.js";
import { listReportShareLinks as listService } from "../../services/reports/list-report-share-links.js";

export const listReportShareLinks = defineHandler("listReportShareLinks")(
  async ({ op, params }) => ({
    status: 200,
    body: await listService({ ...op, reportId: params.reportId }),
  }),
);
