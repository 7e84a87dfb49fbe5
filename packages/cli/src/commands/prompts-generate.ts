import type { Language, PromptCategory, PromptGeneration } from "@geopulse/api-types";
import type { Command } from "commander";
import type { Context } from "../context.js";
import { keyValues, usd, when } from "../format.js";
import { endJob, followJob } from "../job-progress.js";
import { appendChoices, integerFrom1To, withJson, withWorkspace } from "../options.js";
import { categories, languages } from "./prompts-list.js";

interface GenerateOptions {
  json?: boolean;
  workspace?: string;
  count: number;
  language?: Language[];
  category?: PromptCategory[];
  perCall: number;
  wait?: boolean;
}

/** A generation as `label  value` lines. */
export function generationLines(g: PromptGeneration): string {
  return keyValues([
    ["Generation", g.generationId],
    ["Status", g.status],
    ["Generator", `${g.generator} ${g.model}${g.simulated ? " (simulated)" : ""}`],
    ["Requested", g.requestedCount],
    ["Targets", g.targets.map((t) => `${t.category}/${t.language} ${t.count}`).join(", ")],
    ["Calls", `${g.callsMade}/${g.callsPlanned} made, ${g.callsFailed} failed`],
    ["Suggestions", `${g.suggestionCount} (${g.duplicatesSkipped} duplicates skipped)`],
    ["Reserved", usd(g.reservedMicrousd)],
    ["Cost", usd(g.costMicrousd)],
    ["Error", g.error],
    ["Created", when(g.createdAt)],
    ["Finished", when(g.finishedAt)],
  ]);
}

export function registerPromptsGenerate(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      parent
        .command("generate")
        .description("propose new prompts with an LLM; they become pending suggestions")
        .requiredOption("--count <n>", "prompts to propose in all, 1 to 300", integerFrom1To(300))
        .option(
          "--language <langs>",
          `languages (comma-separated or repeated; ${languages.join(", ")}; default: the workspace's)`,
          appendChoices(languages),
        )
        .option(
          "--category <categories>",
          "categories (comma-separated or repeated; default: all with a quota)",
          appendChoices(categories),
        )
        .option(
          "--per-call <n>",
          "most prompts one LLM call writes, 1 to 50",
          integerFrom1To(50),
          25,
        )
        .option("--wait", "follow the generation until it ends, showing progress"),
    ),
  ).action(async (options: GenerateOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    // The SDK adds an idempotency key, reused on retries.
    let generation = await gp.promptGenerations.start(workspace, {
      count: options.count,
      ...(options.language ? { languages: [...new Set(options.language)] } : {}),
      ...(options.category ? { categories: [...new Set(options.category)] } : {}),
      promptsPerCall: options.perCall,
    });
    ctx.info(
      `Started generation ${generation.generationId} (${generation.requestedCount} prompts in ${generation.callsPlanned} call(s), reserved ${usd(generation.reservedMicrousd)}${generation.simulated ? ", simulated generator" : ""}).`,
    );
    if (options.wait) {
      const { generationId } = generation;
      generation = await followJob(
        ctx,
        generation,
        () => gp.promptGenerations.get(workspace, generationId),
        (g) => ({
          status: g.status,
          made: g.callsMade,
          failed: g.callsFailed,
          planned: g.callsPlanned,
        }),
      );
      ctx.info(
        `Generation ${generationId} ${generation.status}: ${generation.suggestionCount} suggestion(s), ${generation.duplicatesSkipped} duplicate(s) skipped; cost ${usd(generation.costMicrousd)}. Review them with \`geopulse suggestions list --source generation\`.`,
      );
    }
    if (options.json) ctx.json(generation);
    if (options.wait) endJob(ctx, `generation ${generation.generationId}`, generation);
  });
}
