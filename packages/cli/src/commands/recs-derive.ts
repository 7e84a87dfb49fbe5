import type { Command } from "commander";
import type { Context } from "../context.js";
import { withJson, withWorkspace } from "../options.js";

export function registerRecsDerive(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      parent
        .command("derive")
        .description(
          "derive recommendations from the latest measured day now (no model is called, not metered)",
        ),
    ),
  ).action(async (options: { json?: boolean; workspace?: string }) => {
    const workspace = await ctx.workspace(options.workspace);
    const result = await (await ctx.client()).recommendations.derive(workspace);
    if (result.date === null) {
      ctx.info("No measured answers yet: run a measurement first.");
    } else {
      ctx.info(
        `Derived from ${result.date}: ${result.created} created, ${result.updated} updated, ` +
          `${result.reproposed} proposed again, ${result.unchanged} unchanged, ` +
          `${result.markedStale} marked stale.`,
      );
    }
    if (options.json) ctx.json(result);
  });
}
