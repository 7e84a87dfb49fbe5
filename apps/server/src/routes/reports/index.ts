import type { HandlerRegistry } from "../../http/handler.js";
import { createReportShareLink } from "./create-report-share-link.js";
import { deleteReportSchedule } from "./delete-report-schedule.js";
import { getReport } from "./get-report.js";
import { getReportCatalog } from "./get-report-catalog.js";
import { getReportSchedule } from "./get-report-schedule.js";
import { getSharedReport } from "./get-shared-report.js";
import { listReportShareLinks } from "./list-report-share-links.js";
import { listReports } from "./list-reports.js";
import { putReportSchedule } from "./put-report-schedule.js";
import { revokeReportShareLink } from "./revoke-report-share-link.js";

/** Reports: the catalog, stored reports in four formats, share links and the report schedule. */
export const reportHandlers: HandlerRegistry = {
  getReportCatalog,
  listReports,
  getReport,
  createReportShareLink,
  listReportShareLinks,
  revokeReportShareLink,
  getSharedReport,
  getReportSchedule,
  putReportSchedule,
  deleteReportSchedule,
};
