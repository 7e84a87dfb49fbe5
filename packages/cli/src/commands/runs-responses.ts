import type { Command } from "commander";
import type { Context } from "../context.js";
import { clip, table, usd, when } from "../format.js";
import {
  collect,
  pageSizeFor,
  type ReadOptions,
  withJson,
  withLimit,
  withWorkspace,
} from "../options.js";

export function registerRunsResponses(parent: Command, ctx: Context): void {
  withLimit(
    withWorkspace(
      withJson(
        parent
          .command("responses")
          .alias("answers")
          .argument("<runId>", "the run")
          .description("list the answers of a run, in planned order"),
      ),
    ),
    "answers",
  ).action(async (runId: string, options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    const pageSize = pageSizeFor(options.limit);
    const responses = await collect(
      gp.runs.responses(workspace, runId, { limit: pageSize }),
      options.limit,
    );
    if (options.json) return ctx.json(responses);
    if (responses.length === 0) return ctx.info("No answers in this run.");
    ctx.out(
      table(
        ["engine", "rep", "status", "citations", "cost", "completed", "prompt"],
        responses.map((r) => [
          `${r.engine}${r.simulated ? "*" : ""}`,
          r.repetition,
          r.status,
          r.citations.length,
          usd(r.costMicrousd),
          when(r.completedAt),
          clip(r.prompt, 60),
        ]),
      ),
    );
    if (responses.some((r) => r.simulated)) ctx.info("* simulated engine");
  });
}
