import type { Command } from "commander";
import type { Context } from "../context.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";
import { recommendationText } from "../recommendation-view.js";

export function registerRecsShow(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("show")
        .alias("get")
        .argument("<recommendationId>", "the recommendation, e.g. rec_01J…")
        .description("show a recommendation with its evidence, findings, impact and history"),
    ),
  ).action(async (id: string, options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const rec = await (await ctx.client()).recommendations.get(workspace, id);
    if (options.json) return ctx.json(rec);
    ctx.out(recommendationText(rec));
  });
}
