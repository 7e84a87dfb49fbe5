import { z } from "zod";
import { ENGINE_IDS } from "../../../engines/engine-registry.js";
import { listMetricChanges } from "../../metrics/list-metric-changes.js";
import { defineTool } from "../define-tool.js";
import { metricCitation, metricsFiltersOf } from "../metric-views.js";
import { dayArg, entityArg, limitArg, surfaceArg } from "../tool-args.js";

export const listMetricChangesTool = defineTool({
  name: "list_metric_changes",
  description:
    "Days on which an entity's visibility changed significantly (a week against the 28 days before, false discovery rate controlled), newest first, per engine and pooled (`all`), over a range (default the 90 days ending on the latest day with data).",
  requiredScope: "metrics:read",
  args: z.object({
    from: dayArg("First day; default 89 days before `to`").optional(),
    to: dayArg("Last day; default the latest day with data").optional(),
    engine: z
      .enum(["all", ...ENGINE_IDS])
      .describe("Only this engine's series, or `all` for the pooled series.")
      .optional(),
    surface: surfaceArg.optional(),
    entity: entityArg.optional(),
    limit: limitArg(50, 20),
  }),
  async run({ op, args }) {
    const page = await listMetricChanges({
      ...op,
      access: op.workspace,
      from: args.from,
      to: args.to,
      engine: args.engine,
      entity: args.entity,
      filters: metricsFiltersOf({ surface: args.surface }),
      page: { limit: args.limit },
    });
    const changes = page.data.map((c) => ({
      date: c.date,
      entity: c.entity.name,
      entityId: c.entity.id,
      isSelf: c.entity.isSelf,
      engine: c.engine,
      metric: c.metric,
      direction: c.direction,
      recent: c.recent,
      baseline: c.baseline,
      delta: c.delta,
      qValue: c.qValue,
    }));
    return {
      data: {
        from: page.from,
        to: page.to,
        fdr: page.fdr,
        changes,
        more: page.nextCursor !== null,
      },
      summary: `${changes.length} significant change(s) of visibility, ${page.from}..${page.to}`,
      citations: [
        metricCitation("visibility_changes", {
          from: page.from,
          to: page.to,
          engine: args.engine,
          surface: args.surface,
          entity: args.entity,
        }),
      ],
    };
  },
});
