import { z } from "zod";
import { getWorkspaceMetrics } from "../../metrics/get-workspace-metrics.js";
import { getWorkspaceScoreboard } from "../../metrics/get-workspace-scoreboard.js";
import { defineTool } from "../define-tool.js";
import {
  compactComparisons,
  compactEstimate,
  compactScoreboard,
  metricCitation,
  metricsFiltersOf,
  percent,
} from "../metric-views.js";
import { categoryArg, dayArg, engineArg, surfaceArg } from "../tool-args.js";

export const getMetricsTool = defineTool({
  name: "get_metrics",
  description:
    "The brand's AI visibility on one day (default the latest day with data): composite score 0-100 with its 95% interval, per-engine metrics, share of voice and visibility of the brand and each competitor with intervals, and their changes since the previous day, 7 and 28 days earlier with significance; the most-cited domains. With `from`, also the composite's change since that day. Metrics are of one day; use get_timeseries for daily values over a range.",
  requiredScope: "metrics:read",
  args: z.object({
    to: dayArg("The day described; default the latest day with data").optional(),
    from: dayArg("A day to compare the composite with").optional(),
    engine: engineArg.optional(),
    surface: surfaceArg.optional(),
    category: categoryArg.optional(),
  }),
  async run({ op, args }) {
    const filters = metricsFiltersOf(args);
    const view = await getWorkspaceMetrics({ ...op, access: op.workspace, date: args.to, filters });
    const scoreboard = compactScoreboard(view.scoreboard);
    const since = args.from
      ? await getWorkspaceScoreboard({ ...op, access: op.workspace, date: args.from, filters })
      : null;
    const self = view.shareOfVoice.find((e) => e.isSelf);
    const { date, composite } = view.scoreboard;
    const filter = { date, engine: args.engine, surface: args.surface, category: args.category };
    return {
      data: {
        ...scoreboard,
        shareOfVoice: view.shareOfVoice.map((e) => ({
          entity: e.entity,
          isSelf: e.isSelf,
          ...compactEstimate(e),
          comparisons: compactComparisons(e.comparisons),
          visibility: compactEstimate(e.visibility),
        })),
        topCitedDomains: view.topCitedDomains,
        latestRun: view.latestRun,
        ...(since
          ? {
              since: {
                date: since.date,
                composite: since.composite.value,
                n: since.composite.n,
                change:
                  since.composite.n > 0 && composite.n > 0
                    ? composite.value - since.composite.value
                    : null,
              },
            }
          : {}),
      },
      summary:
        composite.n === 0
          ? `no measured answers on ${date}`
          : `composite ${composite.value} (interval ${composite.ciLow}-${composite.ciHigh}, n=${composite.n}) on ${date}` +
            (self
              ? `, brand visibility ${percent(self.visibility.value)}, share of voice ${percent(self.value)}`
              : "") +
            `, ${view.scoreboard.engines.length} engine(s)`,
      citations: [
        metricCitation("composite", filter),
        metricCitation("share_of_voice", filter),
        ...(since ? [metricCitation("composite", { ...filter, date: since.date })] : []),
      ],
    };
  },
});
