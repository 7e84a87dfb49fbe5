import type { Command } from "commander";
import type { Context } from "../context.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";
import { seoRefreshLines } from "../seo-refresh-view.js";

export function registerSeoRefreshesGet(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("get")
        .alias("show")
        .argument("<refreshId>", "the refresh, e.g. seo_01J…")
        .description("show an SEO refresh with its progress per source"),
    ),
  ).action(async (refreshId: string, options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const refresh = await (await ctx.client()).seo.getRefresh(workspace, refreshId);
    if (options.json) return ctx.json(refresh);
    ctx.out(seoRefreshLines(refresh));
  });
}
