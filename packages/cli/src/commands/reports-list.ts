import { enumValues, type ReportSummary, type ReportType } from "@geopulse/api-types";
import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { when } from "../format.js";
import { registerList } from "../list-command.js";
import type { ReadOptions } from "../options.js";

export const reportTypes: readonly ReportType[] = enumValues.ReportType;

interface ListOptions extends ReadOptions {
  type?: ReportType;
}

export function registerReportsList(parent: Command, ctx: Context): void {
  registerList<ReportSummary, ListOptions>(parent, ctx, {
    description: "list generated reports, newest first",
    configure: (command) =>
      command.addOption(new Option("--type <type>", "only this type").choices(reportTypes)),
    what: "reports",
    items: ({ gp, workspace, pageSize, options }) =>
      gp.reports.list(workspace, {
        limit: pageSize,
        ...(options.type ? { type: options.type } : {}),
      }),
    empty: "No reports yet: they are generated after scheduled runs and on the report schedule.",
    columns: ["report", "type", "period", "trigger", "generated"],
    row: (r) => [
      r.id,
      r.type,
      `${r.period.from} to ${r.period.to}`,
      r.trigger,
      when(r.generatedAt),
    ],
  });
}
