import type { Scoreboard } from "@geopulse/api-types";
import type { Command } from "commander";
import type { Context } from "../context.js";
import { keyValues, score, signed, table } from "../format.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

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

const metricValue = (value: unknown): string =>
  typeof value === "number"
    ? String(Math.round(value * 1000) / 1000)
    : typeof value === "string"
      ? value
      : JSON.stringify(value);

export function engineTable(board: Scoreboard): string {
  if (board.engines.length === 0) return "No engine data yet.";
  return table(
    ["engine", "metrics"],
    board.engines.map((e) => [
      e.engine,
      Object.entries(e.metrics)
        .map(([name, value]) => `${name}=${metricValue(value)}`)
        .join("  "),
    ]),
  );
}

export function registerScoreboard(program: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      program.command("scoreboard").description("show the scoreboard: composite and engines"),
    ),
  ).action(async (options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const board = await (await ctx.client()).metrics.scoreboard(workspace);
    if (options.json) return ctx.json(board);
    ctx.out(`${compositeSummary(board)}\n\n${engineTable(board)}`);
  });
}
