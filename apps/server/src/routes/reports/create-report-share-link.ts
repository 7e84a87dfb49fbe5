import { defineHandler } from "../../http/handler.js";
import { createReportShareLink as createService } from "../../services/reports/create-report-share-link.js";

export const createReportShareLink = defineHandler("createReportShareLink")(
  async ({ op, params, body }) => ({
    status: 201,
    body: await createService({ ...op, reportId: params.reportId, input: body }),
  }),
);
