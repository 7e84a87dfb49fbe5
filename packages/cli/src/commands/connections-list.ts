import type { Command } from "commander";
import { connectionsTable } from "../connection-view.js";
import type { Context } from "../context.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

export function registerConnectionsList(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent.command("list").alias("ls").description("show the Search Console and GA4 connections"),
    ),
  ).action(async (options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const connections = await (await ctx.client()).connections.list(workspace);
    if (options.json) return ctx.json(connections);
    ctx.out(connectionsTable(connections.data));
    for (const c of connections.data)
      if (c.status === "error" && c.lastError) ctx.info(`${c.provider}: ${c.lastError}`);
  });
}
