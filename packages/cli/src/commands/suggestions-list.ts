import type { PromptSuggestion } from "@geopulse/api-types";
import { type Command, Option } from "commander";
import type { Context } from "../context.js";
import { clip, marked } from "../format.js";
import { registerList } from "../list-command.js";
import type { ReadOptions } from "../options.js";

interface ListOptions extends ReadOptions {
  status?: "pending" | "accepted" | "dismissed";
  source?: "generation" | "research" | "search_console";
  generation?: string;
  research?: string;
}

export function registerSuggestionsList(parent: Command, ctx: Context): void {
  registerList<PromptSuggestion, ListOptions>(parent, ctx, {
    description: "list prompt suggestions, newest first",
    configure: (command) =>
      command
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
            "search_console",
          ]),
        )
        .option("--generation <generationId>", "only from this prompt generation")
        .option("--research <researchId>", "only from this research job"),
    what: "suggestions",
    items: ({ gp, workspace, pageSize, options }) =>
      gp.promptSuggestions.list(workspace, {
        limit: pageSize,
        ...(options.status ? { status: options.status } : {}),
        ...(options.source ? { source: options.source } : {}),
        ...(options.generation ? { generationId: options.generation } : {}),
        ...(options.research ? { researchId: options.research } : {}),
      }),
    empty: "No suggestions.",
    columns: ["suggestion", "status", "category", "lang", "source", "text"],
    row: (s) => [
      s.suggestionId,
      s.status,
      s.category,
      s.language,
      marked(s.provider, s.simulated),
      clip(s.text, 60),
    ],
    legend: {
      when: (s) => s.simulated,
      text: "* simulated: a stand-in generator or provider wrote it",
    },
  });
}
