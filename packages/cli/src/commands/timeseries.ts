import type { Command } from "commander";
import type { Context } from "../context.js";
import { percent, signed, table } from "../format.js";
import {
  day,
  type MetricsFilterOptions,
  metricsFilters,
  withMetricsFilters,
} from "../metrics-filters.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

interface TimeseriesOptions extends ReadOptions, MetricsFilterOptions {
  from: string;
  to: string;
  entity?: string;
  byEngine?: boolean;
}

export function registerTimeseries(program: Command, ctx: Context): void {
  withMetricsFilters(
    withWorkspace(
      withJson(
        program
          .command("timeseries")
          .description("show daily metrics of each entity over a date range (at most 366 days)")
          .requiredOption("--from <YYYY-MM-DD>", "first day (UTC)", day)
          .requiredOption("--to <YYYY-MM-DD>", "last day (UTC)", day)
          .option("--entity <id>", "only this entity: self, or a competitor id")
          .option("--by-engine", "one row per engine too (default: all engines pooled)"),
      ),
    ),
  ).action(async (options: TimeseriesOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const result = await (await ctx.client()).metrics.timeseries(workspace, {
      from: options.from,
      to: options.to,
      ...(options.entity ? { entity: options.entity } : {}),
      ...metricsFilters(options),
    });
    if (options.json) return ctx.json(result);
    const shown = result.series.filter((s) => options.byEngine || s.engine === "all");
    const rows = shown
      .flatMap((s) =>
        s.points.map((p) => ({ date: p.date, order: s.isSelf ? 0 : 1, series: s, point: p })),
      )
      .sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order);
    if (rows.length === 0) {
      ctx.out(`No data from ${result.from} to ${result.to}.`);
      return;
    }
    const flagged = rows.some(({ point }) => point.change !== null);
    ctx.out(
      table(
        [
          "date",
          "entity",
          "engine",
          "answers",
          "visibility",
          "share of voice",
          "citation share",
          "recommended in",
          "position",
          "score",
          "change",
        ],
        rows.map(({ series, point }) => [
          point.date,
          series.isSelf ? `${series.entity} (you)` : series.entity,
          series.engine,
          point.responses,
          percent(point.visibility),
          percent(point.shareOfVoice),
          percent(point.citationShare),
          percent(point.recommendationRate),
          point.averagePosition === null ? null : point.averagePosition.toFixed(2),
          point.composite.toFixed(1),
          point.change
            ? `${point.change.direction === "up" ? "▲" : "▼"} visibility ${signed(100 * point.change.delta)} pt`
            : null,
        ]),
      ),
    );
    if (flagged) {
      ctx.info(
        "▲/▼: a significant change of visibility (the week vs the 28 days before); " +
          "evidence: geopulse metrics changes",
      );
    }
  });
}
