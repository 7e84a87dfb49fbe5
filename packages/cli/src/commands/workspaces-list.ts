import type { Command } from "commander";
import type { Context } from "../context.js";
import { table, when } from "../format.js";
import { collect, pageSizeFor, type ReadOptions, withJson, withLimit } from "../options.js";

export function registerWorkspacesList(parent: Command, ctx: Context): void {
  withLimit(
    withJson(parent.command("list").alias("ls").description("list the workspaces the key can see")),
    "workspaces",
  ).action(async (options: ReadOptions) => {
    const gp = await ctx.client();
    const pageSize = pageSizeFor(options.limit);
    const workspaces = await collect(gp.workspaces.list({ limit: pageSize }), options.limit);
    if (options.json) return ctx.json(workspaces);
    if (workspaces.length === 0) return ctx.info("No workspaces.");
    ctx.out(
      table(
        ["slug", "name", "brand", "role", "created"],
        workspaces.map((w) => [w.slug, w.displayName, w.brand, w.role, when(w.createdAt)]),
      ),
    );
  });
}
