import type { Command } from "commander";
import type { Context } from "../context.js";
import { clip } from "../format.js";
import { withJson, withWorkspace } from "../options.js";

interface AcceptOptions {
  json?: boolean;
  workspace?: string;
  active: boolean;
}

export function registerSuggestionsAccept(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      parent
        .command("accept")
        .argument("<suggestionId...>", "one or more suggestions (several: all or nothing)")
        .option("--no-active", "store the new prompts outside the active set")
        .description("accept suggestions into the prompts"),
    ),
  ).action(async (ids: string[], options: AcceptOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    const unique = [...new Set(ids)];
    const accepted =
      unique.length === 1
        ? [
            await gp.promptSuggestions.accept(workspace, unique[0] as string, {
              active: options.active,
            }),
          ]
        : (
            await gp.promptSuggestions.acceptMany(workspace, {
              ids: unique,
              active: options.active,
            })
          ).data;
    for (const { suggestion, prompt } of accepted) {
      ctx.info(
        `Accepted ${suggestion.suggestionId} as ${prompt.promptId}${prompt.active ? "" : " (inactive)"}: ${clip(prompt.text, 60)}`,
      );
    }
    if (options.json) ctx.json(accepted);
  });
}
