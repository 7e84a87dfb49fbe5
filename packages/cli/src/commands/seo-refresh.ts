import type { Command } from "commander";
import type { Context } from "../context.js";
import { CliError, ExitCode } from "../errors.js";
import { usd } from "../format.js";
import { withJson, withWorkspace } from "../options.js";
import { seoProgressLine } from "../seo-refresh-view.js";

interface RefreshOptions {
  json?: boolean;
  workspace?: string;
  from?: string;
  to?: string;
  wait?: boolean;
}

export function registerSeoRefresh(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      parent
        .command("refresh")
        .description("pull Search Console and GA4 data through the workspace's connections")
        .option(
          "--from <day>",
          "first UTC day, YYYY-MM-DD (default: last 28 days, then incremental)",
        )
        .option("--to <day>", "last UTC day, YYYY-MM-DD (default: yesterday)")
        .option("--wait", "follow the refresh until it ends, showing progress on stderr"),
    ),
  ).action(async (options: RefreshOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const gp = await ctx.client();
    // The SDK adds an idempotency key, reused on retries.
    let refresh = await gp.seo.startRefresh(workspace, {
      ...(options.from ? { from: options.from } : {}),
      ...(options.to ? { to: options.to } : {}),
    });
    ctx.info(
      `Started SEO refresh ${refresh.refreshId} (${refresh.from} to ${refresh.to}, ${refresh.progress.map((p) => p.source).join(", ")}; reserved ${usd(refresh.reservedMicrousd)}).`,
    );
    for (const skipped of refresh.skippedSources)
      ctx.info(`Skipped ${skipped.source}: ${skipped.reason}`);
    if (options.wait) {
      const { refreshId } = refresh;
      let last = "";
      for (;;) {
        const line = seoProgressLine(refresh);
        if (line !== last) ctx.info(line);
        last = line;
        if (refresh.finishedAt) break;
        await ctx.sleep(1000);
        refresh = await gp.seo.getRefresh(workspace, refreshId);
      }
      ctx.info(
        `SEO refresh ${refreshId} ${refresh.status}: ${refresh.rowsStored} row(s); cost ${usd(refresh.costMicrousd)}. Details: \`geopulse seo refreshes get ${refreshId}\`.`,
      );
    }
    if (options.json) ctx.json(refresh);
    if (options.wait && refresh.status === "failed")
      throw new CliError(
        `SEO refresh ${refresh.refreshId} failed${refresh.error ? `: ${refresh.error}` : "."}`,
        ExitCode.error,
      );
  });
}
