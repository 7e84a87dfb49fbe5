import type { Run } from "@geopulse/api-types";
import type { Command } from "commander";
import type { Context } from "../context.js";
import { keyValues, usd, when } from "../format.js";
import { type ReadOptions, withJson, withWorkspace } from "../options.js";

/** A run as `label  value` lines. */
function runLines(run: Run): string {
  const { total, completed, failed, pending } = run.progress;
  return keyValues([
    ["Run", run.runId],
    ["Preset", run.preset],
    ["Status", run.status],
    ["Trigger", run.trigger],
    ["Engines", `${run.engines.join(", ") || "-"}${run.simulated ? " (simulated)" : ""}`],
    ["Skipped engines", run.skippedEngines.join(", ") || "-"],
    ["Prompts", `${run.promptCount} × ${run.repetitions} repetition(s)`],
    ["Answers", `${completed}/${total} done, ${failed} failed, ${pending} pending`],
    ["Estimate", usd(run.estimateMicrousd)],
    ["Cost", usd(run.costMicrousd)],
    ["Error", run.error],
    ["Created", when(run.createdAt)],
    ["Started", when(run.startedAt)],
    ["Finished", when(run.finishedAt)],
  ]);
}

export function registerRunsGet(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("get")
        .alias("show")
        .argument("<runId>", "the run, e.g. run_01J…")
        .description("show a run and its progress"),
    ),
  ).action(async (runId: string, options: ReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const run = await (await ctx.client()).runs.get(workspace, runId);
    if (options.json) return ctx.json(run);
    ctx.out(runLines(run));
  });
}
