import type { Run } from "@geopulse/api-types";
import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { when } from "../format.js";
import { registerList } from "../list-command.js";
import type { ReadOptions } from "../options.js";

interface RunsListOptions extends ReadOptions {
  purpose?: Run["purpose"];
}

export function registerRunsList(parent: Command, ctx: Context): void {
  registerList<Run, RunsListOptions>(parent, ctx, {
    description: "list measurement runs (and adaptive sampling's confirmation runs)",
    what: "runs",
    configure: (command) =>
      command.addOption(
        new Option(
          "--purpose <purpose>",
          "only measurement runs, or only confirmation runs (counted by no metric)",
        ).choices(["measurement", "confirmation"]),
      ),
    items: ({ gp, workspace, pageSize, options }) =>
      gp.runs.list(workspace, {
        limit: pageSize,
        ...(options.purpose ? { purpose: options.purpose } : {}),
      }),
    empty: "No runs yet.",
    columns: ["run", "purpose", "preset", "status", "created"],
    row: (r) => [r.runId, r.purpose, r.preset, r.status, when(r.createdAt)],
  });
}
