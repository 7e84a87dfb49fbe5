import type { Language, Prompt, PromptCategory } from "@geopulse/api-types";
import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { clip } from "../format.js";
import { registerList } from "../list-command.js";
import type { ReadOptions } from "../options.js";

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
  inactive?: boolean;
}

export function registerPromptsList(parent: Command, ctx: Context): void {
  registerList<Prompt, ListOptions>(parent, ctx, {
    description: "list prompts, newest first",
    configure: (command) =>
      command
        .addOption(new Option("--category <category>", "only this category").choices(categories))
        .addOption(new Option("--language <lang>", "only this language").choices(languages))
        .option("--active", "only prompts in the active set")
        .option("--inactive", "only prompts outside the active set")
        .option("--search <text>", "only prompts whose text contains this"),
    what: "prompts",
    items: ({ gp, workspace, pageSize, options }) => {
      const active = options.active ? true : options.inactive ? false : undefined;
      return gp.prompts.list(workspace, {
        limit: pageSize,
        ...(options.category ? { category: options.category } : {}),
        ...(options.language ? { language: options.language } : {}),
        ...(active !== undefined ? { active } : {}),
        ...(options.search ? { q: options.search } : {}),
      });
    },
    empty: "No prompts.",
    columns: ["prompt", "category", "lang", "active", "source", "text"],
    row: (p) => [
      p.promptId,
      p.category,
      p.language,
      p.active ? "yes" : "no",
      p.source,
      clip(p.text, 60),
    ],
  });
}
