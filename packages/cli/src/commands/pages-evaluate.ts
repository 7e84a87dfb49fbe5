import type { PageEvaluation } from "@geopulse/api-types";
import type { Command } from "commander";
import type { Context } from "../context.js";
import { CliError, ExitCode } from "../errors.js";
import { withJson, withWorkspace } from "../options.js";
import { pageEvaluationText } from "../page-evaluation-view.js";

interface EvaluateOptions {
  json?: boolean;
  workspace?: string;
  wait?: boolean;
}

const finished = (e: PageEvaluation) => e.status === "succeeded" || e.status === "failed";

export function registerPagesEvaluate(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      parent
        .command("evaluate")
        .argument("<url>", "the page, an http or https URL")
        .description("evaluate a page the way AI crawlers see it")
        .option("--wait", "wait for the evaluation, then show its checks and scores"),
    ),
  ).action(async (url: string, options: EvaluateOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    // The SDK adds an idempotency key, reused on retries.
    let evaluation = await gp.pageEvaluations.start(workspace, { url });
    ctx.info(`Started page evaluation ${evaluation.id} of ${evaluation.url}.`);
    if (!options.wait) {
      if (options.json) ctx.json(evaluation);
      else ctx.info(`Follow it with \`geopulse pages get ${evaluation.id}\`.`);
      return;
    }
    let shown = "";
    while (!finished(evaluation)) {
      if (evaluation.status !== shown) {
        shown = evaluation.status;
        ctx.info(`${shown}…`);
      }
      await ctx.sleep(1000);
      evaluation = await gp.pageEvaluations.get(workspace, evaluation.id);
    }
    if (options.json) ctx.json(evaluation);
    else ctx.out(pageEvaluationText(evaluation));
    if (evaluation.status === "failed") {
      throw new CliError(
        `page evaluation ${evaluation.id} failed: ${evaluation.failure?.message ?? "unknown reason"}`,
        ExitCode.error,
      );
    }
  });
}
