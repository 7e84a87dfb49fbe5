import type { MetricChange } from "@geopulse/api-types";
import { type Command, Option } from "commander";
import { CliError, ExitCode } from "../errors.js";
import { clip, percent } from "../format.js";
import type { ListCommand } from "../list-command.js";
import { day, engines, type MetricsFilterOptions, metricsFilters } from "../metrics-filters.js";
import { type ReadOptions, withLimit } from "../options.js";

/** The options `metrics changes` reads (on the `metrics` command, see registerMetrics). */
export interface ChangesOptions extends ReadOptions, Omit<MetricsFilterOptions, "engine"> {
  from?: string;
  to?: string;
  entity?: string;
  /** An engine id, or `all` for the pooled series. */
  engine?: string;
}

type ChangeEngine = "all" | NonNullable<MetricsFilterOptions["engine"]>;

/** Signed points: `+12.3 pt`. */
const points = (share: number): string => `${share > 0 ? "+" : ""}${(share * 100).toFixed(1)} pt`;

/**
 * Adds the options of the `changes` view to `metrics`: --from, --to, --entity,
 * --limit, and `all` among the --engine choices. (A subcommand cannot take
 * them: commander gives options named like the parent's to the parent.)
 */
export const withChangesOptions = (command: Command): Command =>
  withLimit(
    command
      .argument("[view]", "changes: list the detected changes of visibility instead")
      .addOption(
        new Option(
          "--engine <engine>",
          "only this engine (changes: all = the pooled series)",
        ).choices(["all", ...engines]),
      )
      .option("--from <YYYY-MM-DD>", "changes: first day (default 89 days before --to)", day)
      .option("--to <YYYY-MM-DD>", "changes: last day (default the latest with data)", day)
      .option("--entity <id>", "changes: only this entity (self, or a competitor id)"),
    "changes",
  );

/** Refuses options of one view given to the other (`metrics` vs `metrics changes`). */
export function checkMetricsView(
  view: string | undefined,
  options: ChangesOptions & { date?: string },
): void {
  if (view !== undefined && view !== "changes") {
    throw new CliError(`unknown view "${view}".`, ExitCode.usage, "the only view is `changes`.");
  }
  const misplaced =
    view === "changes"
      ? options.date !== undefined
        ? "--date"
        : undefined
      : options.engine === "all"
        ? "--engine all"
        : (["from", "to", "entity", "limit"] as const)
            .filter((o) => options[o] !== undefined)
            .map((o) => `--${o}`)[0];
  if (misplaced) {
    const which = view === "changes" ? "`metrics`, not `metrics changes`" : "`metrics changes`";
    throw new CliError(`${misplaced} is an option of ${which}.`, ExitCode.usage);
  }
}

/** `geopulse metrics changes`: the detected changes of visibility, newest first. */
export const changesList: ListCommand<MetricChange, ChangesOptions> = {
  description: "list detected changes of visibility",
  what: "changes",
  items: ({ gp, workspace, pageSize, options }) =>
    gp.metrics.listChanges(workspace, {
      limit: pageSize,
      ...(options.from ? { from: options.from } : {}),
      ...(options.to ? { to: options.to } : {}),
      ...(options.entity ? { entity: options.entity } : {}),
      ...metricsFilters({ ...options, engine: undefined }),
      ...(options.engine ? { engine: options.engine as ChangeEngine } : {}),
    }),
  empty: "No significant changes detected.",
  columns: ["date", "entity", "engine", "change", "95% ci", "visibility", "q", "top prompt"],
  row: (c) => {
    const top = c.movedPrompts[0];
    return [
      c.date,
      c.entity.isSelf ? `${c.entity.name} (you)` : c.entity.name,
      c.engine,
      points(c.delta.value),
      `${points(c.delta.ciLow)} to ${points(c.delta.ciHigh)}`,
      `${percent(c.baseline.rate)} → ${percent(c.recent.rate)}`,
      c.qValue < 0.0001 ? "<0.0001" : c.qValue.toPrecision(2),
      top ? clip(top.text ?? top.promptId, 40) : null,
    ];
  },
};
