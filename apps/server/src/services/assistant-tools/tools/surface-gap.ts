import { z } from "zod";
import { listSurfaceGaps } from "../../metrics/list-surface-gaps.js";
import { defineTool } from "../define-tool.js";
import { metricCitation, percent } from "../metric-views.js";
import { dayArg, limitArg } from "../tool-args.js";

/** "-21.0 pt (95% -32.0 to -10.0, significant)". */
const points = (d: { value: number; ciLow: number; ciHigh: number; significant: boolean }) =>
  `${d.value > 0 ? "+" : ""}${(d.value * 100).toFixed(1)} pt (95% ${(d.ciLow * 100).toFixed(1)} to ${(d.ciHigh * 100).toFixed(1)}${d.significant ? ", significant" : ""})`;

export const surfaceGapTool = defineTool({
  name: "surface_gap",
  description:
    "How far an assistant's developer API is from what buyers see in its app or on Google (default the 28 days ending today): per pair of engines of one assistant measured on the same prompts and days, the brand's visibility and share of voice on each, their difference (second minus first) with a 95% interval and significance, and the overlap of the domains each cited.",
  requiredScope: "metrics:read",
  args: z.object({
    from: dayArg("First day; default 27 days before `to`").optional(),
    to: dayArg("Last day; default today").optional(),
    limit: limitArg(25, 5).describe("Most cited domains listed per pair."),
  }),
  async run({ op, args }) {
    const gaps = await listSurfaceGaps({ ...op, from: args.from, to: args.to, limit: args.limit });
    const { from, to } = gaps.period;
    return {
      data: gaps,
      summary: gaps.pairs.length
        ? gaps.pairs
            .map(
              (p) =>
                `${p.first.engine} ${percent(p.first.visibility.value)} vs ${p.second.engine} ${percent(p.second.visibility.value)} visibility on ${p.prompts} prompt(s): ${points(p.visibility)}`,
            )
            .join("; ")
        : `no assistant measured on two surfaces, ${from}..${to}`,
      citations: [metricCitation("surface_gap", { from, to })],
    };
  },
});
