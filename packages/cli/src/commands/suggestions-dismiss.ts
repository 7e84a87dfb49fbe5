import { unwrap } from "@geopulse/sdk";
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
    const gp = await ctx.client();
    const suggestion = await unwrap(
      gp.raw.POST("/api/v1/workspaces/{workspace}/prompt-suggestions/{suggestionId}/dismiss", {
        params: { path: { workspace, suggestionId } },
      }),
    );
    ctx.info(`Dismissed ${suggestion.suggestionId}.`);
    if (options.json) ctx.json(suggestion);
  });
}
