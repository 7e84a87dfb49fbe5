import { Argument, type Command } from "commander";
import { providers } from "../connection-view.js";
import type { Context } from "../context.js";
import { CliError, ExitCode } from "../errors.js";
import { keyValues, when } from "../format.js";
import { withJson, withWorkspace } from "../options.js";

export function registerConnectionsTest(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("test")
        .description("call Google with the connection's credential; exits 1 when it fails")
        .addArgument(new Argument("<provider>", "which connection").choices(providers)),
    ),
  ).action(
    async (
      provider: (typeof providers)[number],
      options: { json?: boolean; workspace?: string },
    ) => {
      const workspace = await ctx.workspace(options.workspace);
      const connection = await (await ctx.client()).connections.test(workspace, provider);
      if (options.json) ctx.json(connection);
      else
        ctx.out(
          keyValues([
            ["Provider", connection.provider],
            ["Status", connection.status],
            ["Property", connection.property],
            ["Credential", connection.credential?.label],
            ["Tested", when(connection.lastTestedAt)],
            ["Error", connection.lastErrorCode],
          ]),
        );
      if (connection.status === "error")
        throw new CliError(connection.lastError ?? "The test failed.", ExitCode.error);
    },
  );
}
