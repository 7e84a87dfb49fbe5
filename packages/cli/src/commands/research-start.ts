import type { Language, ResearchProvider } from "@geopulse/api-types";
import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { usd } from "../format.js";
import { endJob, followJob } from "../job-progress.js";
import { appendChoices, appendList, integerFrom1To, withJson, withWorkspace } from "../options.js";
import { languages } from "./prompts-list.js";

interface StartOptions {
  json?: boolean;
  workspace?: string;
  provider?: ResearchProvider[];
  seed?: string[];
  maxCalls: number;
  language?: Language;
  wait?: boolean;
}

const providers: ResearchProvider[] = ["exa", "perplexity", "search_console"];

export function registerResearchStart(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      parent
        .command("start")
        .description("research the questions people ask and the sources cited")
        .option(
          "--provider <providers>",
          `providers (comma-separated or repeated; ${providers.join(", ")}; default: all)`,
          appendChoices(providers),
        )
        .option(
          "--seed <topic>",
          "a topic to research (repeat for more; default: from the brand profile)",
          appendList,
        )
        .option("--max-calls <n>", "most provider calls in all, 1 to 80", integerFrom1To(80), 20)
        .addOption(
          new Option(
            "--language <lang>",
            "language of the suggestions (default: the workspace's first)",
          ).choices(languages),
        )
        .option("--wait", "follow the research until it ends, showing progress"),
    ),
  ).action(async (options: StartOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    // The SDK adds an idempotency key, reused on retries.
    let job = await gp.research.start(workspace, {
      ...(options.provider ? { providers: [...new Set(options.provider)] } : {}),
      ...(options.seed ? { seeds: options.seed } : {}),
      maxCalls: options.maxCalls,
      ...(options.language ? { language: options.language } : {}),
    });
    const planned = job.calls.reduce((sum, c) => sum + c.planned, 0);
    ctx.info(
      `Started research ${job.researchId} (${job.providers.join(", ")}: ${planned} call(s) over ${job.seeds.length} seed(s), reserved ${usd(job.reservedMicrousd)}${job.simulated ? ", simulated provider" : ""}).`,
    );
    for (const skipped of job.skippedProviders) {
      ctx.info(`Skipped ${skipped.provider}: ${skipped.reason}`);
    }
    if (options.wait) {
      const { researchId } = job;
      job = await followJob(
        ctx,
        job,
        () => gp.research.get(workspace, researchId),
        (j) => ({
          status: j.status,
          made: j.calls.reduce((sum, c) => sum + c.made, 0),
          failed: j.calls.reduce((sum, c) => sum + c.failed, 0),
          planned: j.calls.reduce((sum, c) => sum + c.planned, 0),
        }),
      );
      ctx.info(
        `Research ${researchId} ${job.status}: ${job.suggestionCount} suggestion(s), ${job.sourceCount} source(s); cost ${usd(job.costMicrousd)}. Details: \`geopulse research get ${researchId}\`.`,
      );
    }
    if (options.json) ctx.json(job);
    if (options.wait) endJob(ctx, `research ${job.researchId}`, job);
  });
}
