import type { Command } from "commander";
import type { Context } from "../context.js";
import { table } from "../format.js";
import { withJson, withWorkspace } from "../options.js";
import { type SeoRangeOptions, seoRangeQuery, withSeoRange } from "./seo-range-options.js";

interface CorrelationOptions extends SeoRangeOptions {
  json?: boolean;
  workspace?: string;
}

export function registerSeoCorrelation(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      withSeoRange(
        parent
          .command("correlation")
          .description("Modelled correlation of AI visibility with AI referral sessions"),
      ),
    ),
  ).action(async (options: CorrelationOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const c = await (await ctx.client()).seo.getCorrelation(workspace, seoRangeQuery(options));
    if (options.json) return ctx.json(c);
    const figure =
      c.spearman === null || c.interval === null
        ? `Spearman: none (${c.reason})`
        : `Spearman ${c.spearman} (95% ${c.interval.lower} to ${c.interval.upper}, Fisher z) over ${c.n} days`;
    ctx.out(
      [
        `${c.from} to ${c.to}, basis: ${c.basis}. ${figure}`,
        table(
          ["date", "counted", "answers", "visibility", "AI sessions"],
          c.days.map((d) => [
            d.date,
            d.counted ? "yes" : "no",
            d.answers,
            d.visibility === null ? "-" : `${(d.visibility * 100).toFixed(1)}%`,
            d.aiSessions,
          ]),
        ),
        c.note,
      ].join("\n\n"),
    );
  });
}
