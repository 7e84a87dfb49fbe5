import type { Language, PromptCategory } from "@geopulse/api-types";
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

export const categories: PromptCategory[] = [
  "discovery",
  "problem_solution",
  "use_case",
  "comparison",
  "expert",
  "brand_research",
];
export const languages: Language[] = ["en", "es", "ca", "fr"];

interface ListOptions extends ReadOptions {
  category?: PromptCategory;
  language?: Language;
  active?: boolean;
  search?: string;
}

export function registerPromptsList(parent: Command, ctx: Context): void {
  withLimit(
    withWorkspace(
      withJson(
        parent
          .command("list")
          .alias("ls")
          .description("list prompts, newest first")
          .addOption(new Option("--category <category>", "only this category").choices(categories))
          .addOption(new Option("--language <lang>", "only this language").choices(languages))
          .option("--active", "only prompts in the active set")
          .option("--inactive", "only prompts outside the active set")
          .option("--search <text>", "only prompts whose text contains this"),
      ),
    ),
    "prompts",
  ).action(async (options: ListOptions & { inactive?: boolean }) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    const limit = pageSizeFor(options.limit);
    const active = options.active ? true : options.inactive ? false : undefined;
    const query = {
      limit,
      ...(options.category ? { category: options.category } : {}),
      ...(options.language ? { language: options.language } : {}),
      ...(active !== undefined ? { active } : {}),
      ...(options.search ? { q: options.search } : {}),
    };
    const prompts = await collect(
      paginate((cursor) =>
        unwrap(
          gp.raw.GET("/api/v1/workspaces/{workspace}/prompts", {
            params: { path: { workspace }, query: { ...query, cursor } },
          }),
        ),
      ),
      options.limit,
    );
    if (options.json) return ctx.json(prompts);
    if (prompts.length === 0) return ctx.info("No prompts.");
    ctx.out(
      table(
        ["prompt", "category", "lang", "active", "source", "text"],
        prompts.map((p) => [
          p.promptId,
          p.category,
          p.language,
          p.active ? "yes" : "no",
          p.source,
          clip(p.text, 60),
        ]),
      ),
    );
  });
}
