import type { MetricsWindow } from "@geopulse/api-types";
import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { score, signed, table } from "../format.js";
import {
  day,
  type MetricsFilterOptions,
  metricsFilters,
  withMetricsFilters,
} from "../metrics-filters.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";
import { estimate } from "./scoreboard.js";

interface WindowOptions extends ReadOptions, MetricsFilterOptions {
  days?: "7" | "28";
  to?: string;
}

type WindowMetric = MetricsWindow["entities"][number]["visibility"];

/**
 * "+12.3 pt (95% +4.1 to +20.5) ↑": a share's change in points with its interval, ↑/↓ when
 * significant; `score` (the composite's 0-100) prints it as it is, without the unit.
 */
function change(m: { change: WindowMetric["change"] }, scale: "share" | "score" = "share"): string {
  const c = m.change;
  if (!c) return "-";
  const arrow = c.significant ? (c.delta > 0 ? " ↑" : " ↓") : "";
  const [f, unit] = scale === "share" ? [100, " pt"] : [1, ""];
  return `${signed(c.delta * f)}${unit} (95% ${signed(c.ciLow * f)} to ${signed(c.ciHigh * f)})${arrow}`;
}

/**
 * `window`: every entity's composite, visibility, share of voice, citation share,
 * recommendation rate and shortlist share over the last 7 or 28 days against the window before, with
 * 95% intervals over prompts and run days.
 */
export function registerWindow(program: Command, ctx: Context): void {
  withMetricsFilters(
    withWorkspace(
      withJson(
        program
          .command("window")
          .description(
            "composite, visibility, share of voice, citations and recommendation over the last 7 or 28 days, against the window before",
          )
          .addOption(
            new Option("--days <n>", "calendar days of the window")
              .choices(["7", "28"])
              .default("7"),
          )
          .option("--to <YYYY-MM-DD>", "last day (default: the latest day with data)", day),
      ),
    ),
  ).action(async (options: WindowOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const view = await (await ctx.client()).metrics.getWindow(workspace, {
      days: Number(options.days ?? "7") as 7 | 28,
      ...(options.to ? { to: options.to } : {}),
      ...metricsFilters(options),
    });
    if (options.json) return ctx.json(view);
    ctx.out(windowText(view));
  });
}

export function windowText(view: MetricsWindow): string {
  const { current: now, previous: before } = view;
  const header =
    `${now.from} to ${now.to}: ${now.runDays} run days, ${now.prompts} prompts, ${now.responses} answers` +
    ` (before: ${before.from} to ${before.to}, ${before.runDays} run days, ${before.responses} answers)`;
  if (now.responses === 0) return `${header}\nNo answers in this window.`;
  return [
    header,
    table(
      ["entity", "composite", "change"],
      view.entities.map((e) => [
        e.isSelf ? `${e.entity} (you)` : e.entity,
        score(e.composite.current.value, e.composite.current.ciLow, e.composite.current.ciHigh),
        change(e.composite, "score"),
      ]),
    ),
    "",
    metricsTable(view, [
      ["visibility", (e) => e.visibility],
      ["share of voice", (e) => e.shareOfVoice],
      ["cited in", (e) => e.citationShare],
    ]),
    "",
    metricsTable(view, [
      ["recommended in", (e) => e.recommendationRate],
      ["shortlisted in", (e) => e.shortlistShare],
    ]),
    "95% intervals over prompts and run days; ↑/↓ the change's interval excludes 0; composite: 0-100 with the workspace's weights; cited in: of the answers with a citation; shortlisted: among the first three tracked entities recommended.",
  ].join("\n");
}

type WindowEntity = MetricsWindow["entities"][number];

/** One table: per entity, each metric's estimate and its change. */
function metricsTable(
  view: MetricsWindow,
  metrics: ReadonlyArray<readonly [string, (e: WindowEntity) => WindowMetric]>,
): string {
  return table(
    ["entity", ...metrics.flatMap(([label]) => [label, "change"])],
    view.entities.map((e) => [
      e.isSelf ? `${e.entity} (you)` : e.entity,
      ...metrics.flatMap(([, of]) => [estimate(of(e).current), change(of(e))]),
    ]),
  );
}
