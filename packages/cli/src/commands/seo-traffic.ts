import type { Command } from "commander";
import type { Context } from "../context.js";
import { table } from "../format.js";
import { withJson, withWorkspace } from "../options.js";

interface TrafficOptions {
  json?: boolean;
  workspace?: string;
  from?: string;
  to?: string;
}

export function registerSeoTraffic(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      parent
        .command("traffic")
        .description("AI referral sessions per engine (GA4, from SEO refreshes)")
        .option("--from <day>", "first UTC day, YYYY-MM-DD (default: 28 days ending yesterday)")
        .option("--to <day>", "last UTC day, YYYY-MM-DD (default: yesterday)"),
    ),
  ).action(async (options: TrafficOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const traffic = await (await ctx.client()).seo.getTraffic(workspace, {
      ...(options.from ? { from: options.from } : {}),
      ...(options.to ? { to: options.to } : {}),
    });
    if (options.json) return ctx.json(traffic);
    ctx.out(
      [
        `AI referral sessions ${traffic.from} to ${traffic.to}: ${traffic.aiSessions} of ${traffic.totalSessions}`,
        table(
          ["engine", "sessions", "conversions"],
          traffic.engines.map((e) => [e.engine, e.sessions, e.conversions]),
        ),
        "Referrer-stripping engines and Google AI Overviews cannot be attributed (docs/seo.md).",
      ].join("\n\n"),
    );
  });
}
