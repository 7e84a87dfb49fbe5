import { paginate, unwrap } from "@geopulse/sdk";
import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { clip, table } from "../format.js";
import {
  collect,
  pageSizeFor,
  type ReadOptions,
  withJson,
  withLimit,
  withWorkspace,
} from "../options.js";

interface ListOptions extends ReadOptions {
  status?: "pending" | "accepted" | "dismissed";
  source?: "generation" | "research";
  generation?: string;
  research?: string;
}

export function registerSuggestionsList(parent: Command, ctx: Context): void {
  withLimit(
    withWorkspace(
      withJson(
        parent
          .command("list")
          .alias("ls")
          .description("list prompt suggestions, newest first")
          .addOption(
            new Option("--status <status>", "only this status").choices([
              "pending",
              "accepted",
              "dismissed",
            ]),
          )
          .addOption(
            new Option("--source <source>", "only from this source").choices([
              "generation",
              "research",
            ]),
          )
          .option("--generation <generationId>", "only from this prompt generation")
          .option("--research <researchId>", "only from this research job"),
      ),
    ),
    "suggestions",
  ).action(async (options: ListOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    const query = {
      limit: pageSizeFor(options.limit),
      ...(options.status ? { status: options.status } : {}),
      ...(options.source ? { source: options.source } : {}),
      ...(options.generation ? { generationId: options.generation } : {}),
      ...(options.research ? { researchId: options.research } : {}),
    };
    const suggestions = await collect(
      paginate((cursor) =>
        unwrap(
          gp.raw.GET("/api/v1/workspaces/{workspace}/prompt-suggestions", {
            params: { path: { workspace }, query: { ...query, cursor } },
          }),
        ),
      ),
      options.limit,
    );
    if (options.json) return ctx.json(suggestions);
    if (suggestions.length === 0) return ctx.info("No suggestions.");
    ctx.out(
      table(
        ["suggestion", "status", "category", "lang", "source", "text"],
        suggestions.map((s) => [
          s.suggestionId,
          s.status,
          s.category,
          s.language,
          `${s.provider}${s.simulated ? "*" : ""}`,
          clip(s.text, 60),
        ]),
      ),
    );
  });
}
