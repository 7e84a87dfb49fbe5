import type { Command } from "commander";
import type { Context } from "../context.js";
import { table } from "../format.js";
import { withJson, withWorkspace } from "../options.js";
import { type SeoRangeOptions, seoRangeQuery, withSeoRange } from "./seo-range-options.js";

interface QueriesOptions extends SeoRangeOptions {
  json?: boolean;
  workspace?: string;
  uncovered?: boolean;
  minScore?: string;
  limit?: string;
}

export function registerSeoQueries(parent: Command, ctx: Context): void {
  withJson(
    withWorkspace(
      withSeoRange(
        parent
          .command("queries")
          .description("Search Console queries with the tracked prompts they match")
          .option("--uncovered", "only queries with impressions that no prompt matches")
          .option("--min-score <score>", "smallest match score, 0.1 to 1 (default 0.6)")
          .option("--limit <n>", "queries listed (default 100, at most 500)"),
      ),
    ),
  ).action(async (options: QueriesOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const queries = await (await ctx.client()).seo.listQueries(workspace, {
      ...seoRangeQuery(options),
      ...(options.uncovered ? { uncovered: true } : {}),
      ...(options.minScore ? { minScore: Number(options.minScore) } : {}),
      ...(options.limit ? { limit: Number(options.limit) } : {}),
    });
    if (options.json) return ctx.json(queries);
    ctx.out(
      [
        `Search Console queries ${queries.from} to ${queries.to}${queries.uncovered ? " no prompt covers" : ""} (match score at least ${queries.minScore})`,
        table(
          ["query", "clicks", "impressions", "CTR", "position", "best prompt", "score"],
          queries.data.map((q) => [
            q.query,
            q.clicks,
            q.impressions,
            `${(q.ctr * 100).toFixed(1)}%`,
            q.position.toFixed(1),
            q.matches[0] ? `${q.matches[0].promptId} ${q.matches[0].text}` : "-",
            q.matches[0]?.score ?? "-",
          ]),
        ),
      ].join("\n\n"),
    );
  });
}
