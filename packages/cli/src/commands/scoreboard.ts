import type { Scoreboard } from "@geopulse/api-types";
import type { Command } from "commander";
import type { Context } from "../context.js";
import { keyValues, percent, score, signed, table } from "../format.js";
import {
  day,
  type MetricsFilterOptions,
  metricsFilters,
  withMetricsFilters,
} from "../metrics-filters.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

export type MetricsReadOptions = ReadOptions & MetricsFilterOptions & { date?: string };

/** The query of a metrics read: its day and filters. */
export const metricsQuery = (options: MetricsReadOptions) => ({
  ...(options.date ? { date: options.date } : {}),
  ...metricsFilters(options),
});

/** `metrics` and `scoreboard` take a day and the filters. */
export const withMetricsRead = (command: Command): Command =>
  withMetricsFilters(
    withWorkspace(withJson(command)).option(
      "--date <YYYY-MM-DD>",
      "the day (default: the latest with data)",
      day,
    ),
  );

/** The composite score block, shared with `metrics`. */
export function compositeSummary(board: Scoreboard): string {
  const { composite } = board;
  const { deltas } = composite;
  return keyValues([
    ["Brand", `${board.brand} (${composite.entity})`],
    ["Day", board.date],
    ["Composite", `${score(composite.value, composite.ciLow, composite.ciHigh)}  n=${composite.n}`],
    [
      "Change",
      `${signed(deltas.previous)} vs previous, ${signed(deltas["7d"])} 7d, ${signed(deltas["28d"])} 28d`,
    ],
  ]);
}

const estimate = (m: { value: number; ciLow: number; ciHigh: number }): string =>
  `${percent(m.value)} (${percent(m.ciLow)}–${percent(m.ciHigh)})`;

/** The brand on each engine: the shares with their 95% intervals. */
export function engineTable(board: Scoreboard): string {
  if (board.engines.length === 0) return "No engine data yet.";
  return table(
    ["engine", "answers", "visibility", "share of voice", "citation share", "position", "score"],
    board.engines.map(({ engine, metrics: m }) => [
      engine,
      m.responses,
      estimate(m.visibility),
      estimate(m.shareOfVoice),
      estimate(m.citationShare),
      m.averagePosition === null ? null : m.averagePosition.toFixed(2),
      score(m.composite.value, m.composite.ciLow, m.composite.ciHigh),
    ]),
  );
}

export function registerScoreboard(program: Command, ctx: Context): void {
  withMetricsRead(
    program.command("scoreboard").description("show the scoreboard: composite and engines"),
  ).action(async (options: MetricsReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const board = await (await ctx.client()).metrics.scoreboard(workspace, metricsQuery(options));
    if (options.json) return ctx.json(board);
    ctx.out(`${compositeSummary(board)}\n\n${engineTable(board)}`);
  });
}
