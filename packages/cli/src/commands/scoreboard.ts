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

/** "; 95% -1.9 to +10.3, not significant" (nothing when the interval is absent). */
function significance(c: Scoreboard["composite"]["comparisons"]["7d"]): string {
  if (c.ciLow === null || c.ciHigh === null) return "";
  const verdict = c.significant ? "significant" : "not significant";
  return `; 95% ${signed(c.ciLow)} to ${signed(c.ciHigh)}, ${verdict}`;
}

/** The composite score block, shared with `metrics`. */
export function compositeSummary(board: Scoreboard): string {
  const { composite } = board;
  const change = (label: string, c: Scoreboard["composite"]["comparisons"]["7d"]) =>
    c.date === null || c.delta === null
      ? `no comparison ${label}`
      : `${signed(c.delta)} ${label} (${c.date}${significance(c)})`;
  const { comparisons } = composite;
  return keyValues([
    ["Brand", `${board.brand} (${composite.entity})`],
    ["Day", board.date],
    [
      "Composite",
      composite.n === 0
        ? "no data"
        : `${score(composite.value, composite.ciLow, composite.ciHigh)}  n=${composite.n}`,
    ],
    [
      "Change",
      [
        change("vs previous", comparisons.previous),
        change("7d", comparisons["7d"]),
        change("28d", comparisons["28d"]),
      ].join(", "),
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
