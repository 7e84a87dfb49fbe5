import type { Command } from "commander";
import type { Context } from "../context.js";
import { when } from "../format.js";
import { registerList } from "../list-command.js";

export function registerRunsList(parent: Command, ctx: Context): void {
  registerList(parent, ctx, {
    description: "list measurement runs",
    what: "runs",
    items: ({ gp, workspace, pageSize }) => gp.runs.list(workspace, { limit: pageSize }),
    empty: "No runs yet.",
    columns: ["run", "preset", "status", "created"],
    row: (r) => [r.runId, r.preset, r.status, when(r.createdAt)],
  });
}
