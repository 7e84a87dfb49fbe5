import { defineHandler } from "../../http/handler.js";
import { getReport as getService } from "../../services/reports/get-report.js";
import { requestedFormat } from "./report-format.js";

export const getReport = defineHandler("getReport")(async ({ op, params, query, req }) => {
  const rendered = await getService({
    ...op,
    reportId: params.reportId,
    format: requestedFormat(query.format, req),
    section: query.section,
  });
  // JSON goes out as a value (checked against the contract where responses are validated).
  if (rendered.json) return { status: 200, headers: rendered.headers, body: rendered.json };
  return { status: 200, headers: rendered.headers, stream: rendered.write };
});
