import type { Command } from "commander";
import type { Context } from "../context.js";
import { withJson, withWorkspace } from "../options.js";

export function registerSuggestionsDismiss(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      parent
        .command("dismiss")
        .argument("<suggestionId>", "the suggestion to dismiss")
        .description("dismiss a suggestion (it stays listed as dismissed)"),
    ),
  ).action(async (suggestionId: string, options: { json?: boolean; workspace?: string }) => {
    const workspace = await ctx.workspace(options.workspace);
    const suggestion = await (await ctx.client()).promptSuggestions.dismiss(
      workspace,
      suggestionId,
    );
    ctx.info(`Dismissed ${suggestion.suggestionId}.`);
    if (options.json) ctx.json(suggestion);
  });
}
