import type { Scoreboard } from "@geopulse/api-types";
import type { Command } from "commander";
import {
  anySignificant,
  arrow,
  type Comparison,
  changeLegend,
  shareChange,
  significance,
} from "../changes.js";
import type { Context } from "../context.js";
import { keyValues, percent, plural, score, signed, table } from "../format.js";
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
  const change = (label: string, c: Comparison) =>
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
    // Answers of several surfaces pooled are said so (they are read apart by buyers).
    ...(composite.surfaces.length > 0
      ? [["Surfaces", composite.surfaces.join(", ")] as [string, string]]
      : []),
    // What every number leaves out, said beside them (`geopulse answers` lists the rest).
    ...(board.excluded.brandResearchPrompts > 0
      ? [
          [
            "Excluded",
            `branded prompts: ${plural(board.excluded.brandResearchPrompts, "prompt")}, ${plural(board.excluded.brandResearchAnswers, "answer")} (--include-brand-research counts them)`,
          ] as [string, string],
        ]
      : []),
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

type Estimate = { value: number; ciLow: number; ciHigh: number };

/** "32.5% (28.1%–36.9%)": a share with its 95% interval. */
export const estimate = (m: Estimate): string =>
  `${percent(m.value)} (${percent(m.ciLow)}–${percent(m.ciHigh)})`;

/** An estimate marked ↑/↓ when it changed significantly since the previous day. */
const marked = (m: Estimate & { comparisons: { previous: Comparison } }): string =>
  `${estimate(m)} ${arrow(m.comparisons.previous)}`.trimEnd();

/**
 * The brand on each engine: the shares with their 95% intervals (visibility
 * and share of voice marked ↑/↓ when significantly changed), then their
 * changes since the previous day on that engine with the intervals.
 */
export function engineTable(board: Scoreboard): string {
  if (board.engines.length === 0) return "No engine data yet.";
  const sections = [
    table(
      ["engine", "answers", "visibility", "share of voice", "citation share", "position", "score"],
      board.engines.map(({ engine, metrics: m }) => [
        engine,
        m.responses,
        marked(m.visibility),
        marked(m.shareOfVoice),
        estimate(m.citationShare),
        m.averagePosition === null ? null : m.averagePosition.toFixed(2),
        score(m.composite.value, m.composite.ciLow, m.composite.ciHigh),
      ]),
    ),
  ];
  const previous = board.engines.flatMap(({ metrics: m }) => [
    m.visibility.comparisons.previous,
    m.shareOfVoice.comparisons.previous,
  ]);
  if (previous.some((c) => c.date !== null)) {
    sections.push(
      table(
        ["engine", "visibility vs previous", "share of voice vs previous"],
        board.engines.map(({ engine, metrics: m }) => [
          engine,
          shareChange(m.visibility.comparisons.previous),
          shareChange(m.shareOfVoice.comparisons.previous),
        ]),
      ),
    );
  }
  if (anySignificant(previous)) sections.push(changeLegend);
  return sections.join("\n\n");
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
