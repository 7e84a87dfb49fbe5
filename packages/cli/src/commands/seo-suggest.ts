import type { Command } from "commander";
import type { Context } from "../context.js";
import { table } from "../format.js";
import { withJson, withWorkspace } from "../options.js";
import { type SeoRangeOptions, seoRangeQuery, withSeoRange } from "./seo-range-options.js";

interface SuggestOptions extends SeoRangeOptions {
  json?: boolean;
  workspace?: string;
  limit?: string;
  minImpressions?: string;
}

export function registerSeoSuggest(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      withSeoRange(
        parent
          .command("suggest")
          .description("Offer Search Console queries no prompt covers as prompt suggestions (free)")
          .option("--limit <n>", "most suggestions stored (default 20, at most 50)")
          .option("--min-impressions <n>", "fewest impressions of a query offered (default 10)"),
      ),
    ),
  ).action(async (options: SuggestOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const result = await (await ctx.client()).seo.suggestPromptsFromSearchConsole(workspace, {
      ...seoRangeQuery(options),
      ...(options.limit ? { limit: Number(options.limit) } : {}),
      ...(options.minImpressions ? { minImpressions: Number(options.minImpressions) } : {}),
    });
    if (options.json) return ctx.json(result);
    ctx.out(
      [
        `${result.stored} suggestions stored, ${result.duplicates} already known (accept with \`geopulse suggestions accept\`)`,
        table(
          ["id", "text", "impressions", "clicks"],
          result.data.map((s) => [
            s.suggestionId,
            s.text,
            s.evidence?.impressions ?? "-",
            s.evidence?.clicks ?? "-",
          ]),
        ),
      ].join("\n\n"),
    );
  });
}
