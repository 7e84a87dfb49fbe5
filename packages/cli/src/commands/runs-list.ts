import type { Command } from "commander";
import type { Context } from "../context.js";
import { table, when } from "../format.js";
import {
  collect,
  pageSizeFor,
  type ReadOptions,
  withJson,
  withLimit,
  withWorkspace,
} from "../options.js";

export function registerRunsList(parent: Command, ctx: Context): void {
  withLimit(
    withWorkspace(
      withJson(parent.command("list").alias("ls").description("list measurement runs")),
    ),
    "runs",
  ).action(async (options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    const pageSize = pageSizeFor(options.limit);
    const runs = await collect(gp.runs.list(workspace, { limit: pageSize }), options.limit);
    if (options.json) return ctx.json(runs);
    if (runs.length === 0) return ctx.info("No runs yet.");
    ctx.out(
      table(
        ["run", "preset", "status", "created"],
        runs.map((r) => [r.runId, r.preset, r.status, when(r.createdAt)]),
      ),
    );
  });
}
