import { defineHandler } from "../../http/handler.js";
import { revokeReportShareLink as revokeService } from "../../services/reports/revoke-report-share-link.js";

export const revokeReportShareLink = defineHandler("revokeReportShareLink")(
  async ({ op, params }) => {
    await revokeService({ ...op, reportId: params.reportId, linkId: params.linkId });
    return { status: 204, body: undefined };
  },
);
