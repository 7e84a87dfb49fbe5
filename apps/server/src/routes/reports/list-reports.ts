import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import { listReports as listService } from "../../services/reports/list-reports.js";

export const listReports = defineHandler("listReports")(async ({ op, query }) => ({
  status: 200,
  body: await listService({ ...op, ...pageOf(query), query }),
}));
