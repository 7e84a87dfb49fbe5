import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { keyValues, plural, usd } from "../format.js";
import { withJson, withWorkspace } from "../options.js";
import { runPresets } from "./runs-start.js";

interface EstimateOptions {
  json?: boolean;
  workspace?: string;
  preset: (typeof runPresets)[number];
}

/** What `runs start --preset` would ask and reserve, before anything is reserved. */
export function registerRunsEstimate(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      parent
        .command("estimate")
        .description("show what a run would ask and reserve, and whether the balance covers it"),
    ),
  )
    .addOption(
      new Option("--preset <preset>", "what to measure").choices(runPresets).default("smoke"),
    )
    .action(async (options: EstimateOptions) => {
      const workspace = await ctx.workspace(options.workspace);
      const estimate = await (await ctx.client()).runEstimate.estimate(workspace, {
        preset: options.preset,
      });
      if (options.json) return ctx.json(estimate);
      const covered = estimate.availableMicrousd >= estimate.estimateMicrousd;
      ctx.out(
        keyValues([
          ["Preset", estimate.preset],
          [
            "Engines",
            `${estimate.engines.join(", ") || "-"}${estimate.simulated ? " (simulated)" : ""}`,
          ],
          ["Skipped engines", estimate.skippedEngines.join(", ") || "-"],
          ["Prompts", `${estimate.promptCount} × ${plural(estimate.repetitions, "repetition")}`],
          ["Answers", String(estimate.totalAnswers)],
          ["Reserve", usd(estimate.estimateMicrousd)],
          ["Available", `${usd(estimate.availableMicrousd)}${covered ? "" : " (not enough)"}`],
        ]),
      );
    });
}
