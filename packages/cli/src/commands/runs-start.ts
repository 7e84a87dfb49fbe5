import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { plural, usd } from "../format.js";
import { endJob } from "../job-progress.js";
import { withJson, withWorkspace } from "../options.js";
import { runProgress } from "../run-progress.js";

interface StartOptions {
  json?: boolean;
  workspace?: string;
  preset: (typeof runPresets)[number];
  wait?: boolean;
}

export const runPresets = ["standard", "lite", "smoke", "exa"] as const;

export function registerRunsStart(parent: Command, ctx: Context): void {
  withJson(withWorkspace(parent.command("start").description("start a measurement run")))
    .addOption(
      new Option("--preset <preset>", "what to measure").choices(runPresets).default("smoke"),
    )
    .option("--wait", "follow the run until it ends, showing progress")
    .action(async (options: StartOptions) => {
      const workspace = await ctx.workspace(options.workspace);
      const gp = await ctx.client();
      let run = await gp.runs.start(workspace, { preset: options.preset });
      ctx.info(
        `Started run ${run.runId} (${run.preset}: ${plural(run.progress.total, "answer")}${run.simulated ? ", simulated engine" : ""}).`,
      );
      if (options.wait) {
        const progress = runProgress(ctx.io.stderr);
        while (!run.finishedAt) {
          progress.update(run);
          await ctx.sleep(1000);
          run = await gp.runs.get(workspace, run.runId);
        }
        progress.update(run);
        progress.done();
        ctx.info(`Run ${run.runId} ${run.status}; cost ${usd(run.costMicrousd)}.`);
      }
      if (options.json) ctx.json(run);
      if (options.wait) endJob(ctx, `run ${run.runId}`, run);
    });
}
