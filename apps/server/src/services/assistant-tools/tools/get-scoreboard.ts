import { z } from "zod";
import { getWorkspaceScoreboard } from "../../metrics/get-workspace-scoreboard.js";
import { defineTool } from "../define-tool.js";
import { compactScoreboard, metricCitation, metricsFiltersOf } from "../metric-views.js";
import { categoryArg, dayArg, engineArg, surfaceArg } from "../tool-args.js";

export const getScoreboardTool = defineTool({
  name: "get_scoreboard",
  description:
    "The brand's scoreboard of one day (default: latest with data): composite 0-100 with interval and changes (previous day, 7d, 28d; significance); per engine the brand's visibility, share of voice, citation share, position, sentiment, composite, recommendation rate, shortlist share.",
  requiredScope: "metrics:read",
  args: z.object({
    date: dayArg("The day described; default the latest day with data").optional(),
    engine: engineArg.optional(),
    surface: surfaceArg.optional(),
    category: categoryArg.optional(),
  }),
  async run({ op, args }) {
    const scoreboard = await getWorkspaceScoreboard({
      ...op,
      access: op.workspace,
      date: args.date,
      filters: metricsFiltersOf(args),
    });
    const { composite, date } = scoreboard;
    return {
      data: compactScoreboard(scoreboard),
      summary:
        composite.n === 0
          ? `no measured answers on ${date}`
          : `composite ${composite.value} (n=${composite.n}) on ${date} over ${scoreboard.engines.length} engine(s)`,
      citations: [
        metricCitation("composite", {
          date,
          engine: args.engine,
          surface: args.surface,
          category: args.category,
        }),
      ],
    };
  },
});
