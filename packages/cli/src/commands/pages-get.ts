import type { Command } from "commander";
import type { Context } from "../context.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";
import { pageEvaluationText } from "../page-evaluation-view.js";

export function registerPagesGet(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("get")
        .alias("show")
        .argument("<evaluationId>", "the evaluation, e.g. pev_01J…")
        .description("show a page evaluation: its checks, scores and what a crawler sees")
        .option("--markdown", "print only the page as a crawler sees it (Markdown)"),
    ),
  ).action(async (id: string, options: ReadOptions & { markdown?: boolean }) => {
    const workspace = await ctx.workspace(options.workspace);
    const evaluation = await (await ctx.client()).pageEvaluations.get(workspace, id);
    if (options.json) return ctx.json(evaluation);
    if (options.markdown) {
      if (evaluation.crawlerView) return ctx.out(evaluation.crawlerView.markdown);
      return ctx.info("No crawler view for this evaluation.");
    }
    ctx.out(pageEvaluationText(evaluation));
  });
}
