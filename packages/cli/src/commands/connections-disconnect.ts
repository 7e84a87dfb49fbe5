import { Argument, type Command } from "commander";
import { providers } from "../connection-view.js";
import type { Context } from "../context.js";
import { withJson, withWorkspace } from "../options.js";

export function registerConnectionsDisconnect(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("disconnect")
        .description("unlink a connection from its credential (the stored key stays)")
        .addArgument(new Argument("<provider>", "which connection").choices(providers)),
    ),
  ).action(
    async (
      provider: (typeof providers)[number],
      options: { json?: boolean; workspace?: string },
    ) => {
      const workspace = await ctx.workspace(options.workspace);
      const connection = await (await ctx.client()).connections.disconnect(workspace, provider);
      if (options.json) return ctx.json(connection);
      ctx.info(`Disconnected ${provider}.`);
    },
  );
}
