import { defineHandler } from "../../http/handler.js";
import { getReportCatalog as getCatalog } from "../../services/reports/report-catalog.js";

export const getReportCatalog = defineHandler("getReportCatalog")(async () => ({
  status: 200,
  body: getCatalog(),
}));
