import { z } from "zod";
import { listReports } from "../../reports/list-reports.js";
import { REPORT_TYPES } from "../../reports/report-catalog.js";
import { defineTool } from "../define-tool.js";
import { metricCitation } from "../metric-views.js";
import { fitList, MAX_RESULT_BYTES } from "../result-bounds.js";
import { limitArg } from "../tool-args.js";

export const listReportsTool = defineTool({
  name: "list_reports",
  description:
    "The workspace's generated reports (newest first): type, period, state and when each was made.",
  requiredScope: "reports:read",
  args: z.object({
    type: z.enum(REPORT_TYPES).describe("Only reports of this type.").optional(),
    limit: limitArg(50, 10),
  }),
  async run({ op, args }) {
    const page = await listReports({ ...op, limit: args.limit, query: { type: args.type } });
    const fitted = fitList(page.data, MAX_RESULT_BYTES - 200);
    return {
      data: { reports: fitted.items, more: page.nextCursor !== null || fitted.truncated },
      summary: `${fitted.items.length} report(s)`,
      citations: [metricCitation("reports", { type: args.type })],
    };
  },
});
