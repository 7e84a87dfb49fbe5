import type { Command } from "commander";
import type { Context } from "../context.js";
import { marked, usd, when } from "../format.js";
import { registerList } from "../list-command.js";
import { generationLines } from "./prompts-generate.js";

export function registerPromptsGenerations(parent: Command, ctx: Context): void {
  registerList(parent, ctx, {
    name: "generations",
    aliases: [],
    description: "list prompt generations, newest first, or show one",
    configure: (command) =>
      command.argument("[generationId]", "show this generation instead of the list"),
    what: "generations",
    instead: async ({ gp, workspace, args: [generationId], options }) => {
      if (!generationId) return false;
      const generation = await gp.promptGenerations.get(workspace, generationId);
      if (options.json) ctx.json(generation);
      else ctx.out(generationLines(generation));
      return true;
    },
    items: ({ gp, workspace, pageSize }) =>
      gp.promptGenerations.list(workspace, { limit: pageSize }),
    empty: "No prompt generations yet.",
    columns: ["generation", "status", "generator", "requested", "suggestions", "cost", "created"],
    row: (g) => [
      g.generationId,
      g.status,
      marked(g.generator, g.simulated),
      g.requestedCount,
      g.suggestionCount,
      usd(g.costMicrousd),
      when(g.createdAt),
    ],
    legend: {
      when: (g) => g.simulated,
      text: "* simulated generator: a stand-in, no LLM was asked",
    },
  });
}
