import { z } from "zod";
import { getSeoTraffic } from "../../seo/get-seo-traffic.js";
import { defineTool } from "../define-tool.js";
import { metricCitation } from "../metric-views.js";
import { dayArg } from "../tool-args.js";

export const getSeoTrafficTool = defineTool({
  name: "get_seo_traffic",
  description:
    "Website sessions referred by AI engines (from the connected Google Analytics 4 data): total and AI sessions, per engine with conversions, and the landing pages AI engines send most sessions to, over a range (default the 28 days ending yesterday).",
  requiredScope: "metrics:read",
  args: z.object({
    from: dayArg("First day").optional(),
    to: dayArg("Last day").optional(),
  }),
  async run({ op, args }) {
    const traffic = await getSeoTraffic({ ...op, from: args.from, to: args.to });
    // Daily points per engine are what makes the answer long; totals carry the finding.
    const engines = traffic.engines.map(({ daily, ...engine }) => ({
      ...engine,
      days: daily.length,
    }));
    return {
      data: { ...traffic, engines },
      summary: `${traffic.aiSessions} AI-referred session(s) of ${traffic.totalSessions}, ${traffic.from}..${traffic.to}`,
      citations: [metricCitation("seo_traffic", { from: traffic.from, to: traffic.to })],
    };
  },
});
