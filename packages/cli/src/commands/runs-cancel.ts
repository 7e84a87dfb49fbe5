import type { Command } from "commander";
import type { Context } from "../context.js";
import { withJson, withWorkspace } from "../options.js";

export function registerRunsCancel(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      parent
        .command("cancel")
        .argument("<runId>", "the run to cancel")
        .description("cancel a queued or running run (answers already recorded are kept)"),
    ),
  ).action(async (runId: string, options: { json?: boolean; workspace?: string }) => {
    const workspace = await ctx.workspace(options.workspace);
    const run = await (await ctx.client()).runs.cancel(workspace, runId);
    const { completed, total } = run.progress;
    ctx.info(`Run ${run.runId} ${run.status} (${completed}/${total} answers recorded).`);
    if (options.json) ctx.json(run);
  });
}
