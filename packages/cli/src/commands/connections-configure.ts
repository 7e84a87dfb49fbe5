import type { RequestBody } from "@geopulse/api-types";
import type { Command } from "commander";
import { connectionsTable } from "../connection-view.js";
import type { Context } from "../context.js";
import { CliError, ExitCode } from "../errors.js";
import { withJson, withWorkspace } from "../options.js";

interface ConfigureOptions {
  json?: boolean;
  workspace?: string;
  searchConsoleProperty?: string;
  searchConsoleCredential?: string;
  analyticsProperty?: string;
  analyticsCredential?: string;
}

type Entry = { property?: string; credentialId?: string };
const entry = (property?: string, credentialId?: string): Entry | undefined =>
  property || credentialId
    ? { ...(property ? { property } : {}), ...(credentialId ? { credentialId } : {}) }
    : undefined;

export function registerConnectionsConfigure(parent: Command, ctx: Context): void {
  withWorkspace(
    withJson(
      parent
        .command("configure")
        .description(
          "set the property and the stored service-account key (credential id) of each connection",
        )
        .option(
          "--search-console-property <property>",
          "Search Console property (sc-domain:example.com)",
        )
        .option(
          "--search-console-credential <id>",
          "credential id (cred_…) of a service-account key",
        )
        .option("--analytics-property <id>", "GA4 property id (digits)")
        .option("--analytics-credential <id>", "credential id (cred_…) of a service-account key"),
    ),
  ).action(async (options: ConfigureOptions) => {
    const searchConsole = entry(options.searchConsoleProperty, options.searchConsoleCredential);
    const analytics = entry(options.analyticsProperty, options.analyticsCredential);
    if (!searchConsole && !analytics)
      throw new CliError(
        "nothing to configure: give --search-console-… and/or --analytics-… options.",
        ExitCode.usage,
      );
    const body: RequestBody<"configureConnections"> = {
      ...(searchConsole ? { search_console: searchConsole } : {}),
      ...(analytics ? { analytics } : {}),
    };
    const workspace = await ctx.workspace(options.workspace);
    const connections = await (await ctx.client()).connections.configure(workspace, body);
    if (options.json) return ctx.json(connections);
    ctx.out(connectionsTable(connections.data));
    ctx.info("Configured; check access with `geopulse connections test <provider>`.");
  });
}
