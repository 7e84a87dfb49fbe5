import { z } from "zod";
import { addDaysWithin, dayOf } from "../../../days.js";
import { getMetricsTimeSeries } from "../../metrics/get-metrics-timeseries.js";
import { defineTool } from "../define-tool.js";
import { metricCitation, metricsFiltersOf } from "../metric-views.js";
import { MAX_RESULT_BYTES } from "../result-bounds.js";
import { categoryArg, dayArg, engineArg, entityArg, surfaceArg } from "../tool-args.js";

/** Days read when `from` is not given (ending on `to`). */
const DEFAULT_DAYS = 30;

export const getTimeseriesTool = defineTool({
  name: "get_timeseries",
  description:
    "Daily values (visibility, share of voice and recommendation rate 0-1, composite 0-100, answers) per entity over a date range (default the 30 days ending today), every engine pooled, or one engine with `engine`. Each day carries its detected significant change, if any. Days without data are absent; long series keep the latest days.",
  requiredScope: "metrics:read",
  args: z.object({
    from: dayArg("First day; default 29 days before `to`").optional(),
    to: dayArg("Last day; default today").optional(),
    engine: engineArg.optional(),
    surface: surfaceArg.optional(),
    entity: entityArg.optional(),
    category: categoryArg.optional(),
  }),
  async run({ op, args }) {
    const to = args.to ?? dayOf(op.ctx.clock.now());
    const from = args.from ?? addDaysWithin(to, 1 - DEFAULT_DAYS);
    const view = await getMetricsTimeSeries({
      ...op,
      access: op.workspace,
      from,
      to,
      entity: args.entity,
      filters: metricsFiltersOf(args),
    });
    // The pooled series, or the one engine asked for: the per-engine series of every engine would multiply the size.
    const wanted = args.engine ?? "all";
    const series = view.series.filter((s) => s.engine === wanted);
    const dataOf = (pointsPerSeries: number) => ({
      from: view.from,
      to: view.to,
      engine: wanted,
      series: series.map((s) => ({
        entity: s.entity,
        entityId: s.entityId,
        isSelf: s.isSelf,
        truncatedDays: Math.max(0, s.points.length - pointsPerSeries),
        points: s.points.slice(-pointsPerSeries).map((p) => ({
          date: p.date,
          responses: p.responses,
          visibility: round(p.visibility),
          shareOfVoice: round(p.shareOfVoice),
          recommendationRate: round(p.recommendationRate),
          composite: round(p.composite),
          ...(p.change ? { change: p.change } : {}),
        })),
      })),
    });
    // Each series keeps its latest days within an equal share of the budget: the most points
    // per series whose result fits, by bisection on the serialised size (a change on a day
    // makes its point longer, so no fixed size per point holds).
    const longest = Math.max(1, ...series.map((s) => s.points.length));
    const fits = (n: number) => Buffer.byteLength(JSON.stringify(dataOf(n))) <= MAX_RESULT_BYTES;
    let low = 1;
    let high = longest;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fits(mid)) low = mid;
      else high = mid - 1;
    }
    const data = dataOf(low);
    const days = new Set(series.flatMap((s) => s.points.map((p) => p.date))).size;
    return {
      data,
      summary: `${data.series.length} series over ${days} day(s) with data, ${view.from}..${view.to} (${wanted})`,
      citations: [
        metricCitation("timeseries", {
          from: view.from,
          to: view.to,
          engine: args.engine,
          surface: args.surface,
          entity: args.entity,
          category: args.category,
        }),
      ],
    };
  },
});

const round = (value: number) => Math.round(value * 10_000) / 10_000;
