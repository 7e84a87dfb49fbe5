import type { PromptVisibility } from "@geopulse/api-types";
import type { Command } from "commander";
import type { Context } from "../context.js";
import { percent, table } from "../format.js";
import { integerFrom1To, type ReadOptions, withJson, withWorkspace } from "../options.js";

/** One prompt's visibility per engine as a table (value, 95% interval, answers). */
function visibilityLines(visibility: PromptVisibility): string {
  if (visibility.engines.length === 0)
    return `No analysed answers to ${visibility.promptId} from ${visibility.from} to ${visibility.to}.`;
  return [
    `Visibility of ${visibility.promptId}, ${visibility.from} to ${visibility.to}:`,
    table(
      ["Engine", "Visibility", "95% interval", "Mentioned", "Answers"],
      visibility.engines.map((e) => [
        e.engine,
        percent(e.visibility.value),
        `${percent(e.visibility.ciLow)}–${percent(e.visibility.ciHigh)}`,
        e.mentioned,
        e.visibility.n,
      ]),
    ),
  ].join("\n");
}

export function registerPromptsVisibility(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("visibility")
        .argument("<promptId>", "the prompt, e.g. prm_01J…")
        .option("--days <n>", "UTC days back, today included (default 28)", integerFrom1To(366))
        .description("one prompt's visibility per engine with 95% intervals"),
    ),
  ).action(async (promptId: string, options: ReadOptions & { days?: number }) => {
    const workspace = await ctx.workspace(options.workspace);
    const visibility = await (await ctx.client()).prompts.getVisibility(
      workspace,
      promptId,
      options.days === undefined ? {} : { days: options.days },
    );
    if (options.json) return ctx.json(visibility);
    ctx.out(visibilityLines(visibility));
  });
}
