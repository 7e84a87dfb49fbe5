import { defineHandler } from "../../http/handler.js";
import { getSharedReport as getService } from "../../services/reports/get-shared-report.js";
import { requestedFormat } from "./report-format.js";

export const getSharedReport = defineHandler("getSharedReport")(
  async ({ op, params, query, req }) => {
    const rendered = await getService({
      ctx: op.ctx,
      token: params.token,
      format: requestedFormat(query.format, req),
      section: query.section,
      clientAddress: req.ip,
    });
    // JSON goes out as a value (checked against the contract where responses are validated).
    if (rendered.json) return { status: 200, headers: rendered.headers, body: rendered.json };
    return { status: 200, headers: rendered.headers, stream: rendered.write };
  },
);
