import { unwrap } from "@geopulse/sdk";
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
    const base = "/api/v1/workspaces/{workspace}/prompt-suggestions" as const;
    const unique = [...new Set(ids)];
    const accepted =
      unique.length === 1
        ? [
            await unwrap(
              gp.raw.POST(`${base}/{suggestionId}/accept`, {
                params: { path: { workspace, suggestionId: unique[0] as string } },
                body: { active: options.active },
              }),
            ),
          ]
        : (
            await unwrap(
              gp.raw.POST(`${base}/accept`, {
                params: { path: { workspace } },
                body: { ids: unique, active: options.active },
              }),
            )
          ).data;
    for (const { suggestion, prompt } of accepted) {
      ctx.info(
        `Accepted ${suggestion.suggestionId} as ${prompt.promptId}${prompt.active ? "" : " (inactive)"}: ${clip(prompt.text, 60)}`,
      );
    }
    if (options.json) ctx.json(accepted);
  });
}
