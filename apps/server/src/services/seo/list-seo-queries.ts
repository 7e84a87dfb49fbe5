import type { SeoQueries } from "@geopulse/api-types";
import { DEFAULT_MIN_MATCH_SCORE } from "../../analysis/query-match.js";
import type { AppContext } from "../../context.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { loadQueryCoverage } from "./load-query-coverage.js";
import { seoRange } from "./seo-range.js";

export interface ListSeoQueriesOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  from?: string | undefined;
  to?: string | undefined;
  uncovered?: boolean | undefined;
  minScore?: number | undefined;
  limit?: number | undefined;
}

/** Search Console queries with the prompts they match, or only those no prompt matches. */
export async function listSeoQueries(options: ListSeoQueriesOptions): Promise<SeoQueries> {
  const { ctx, workspace } = options;
  const range = seoRange({ now: ctx.clock.now(), from: options.from, to: options.to, in: "query" });
  const minScore = options.minScore ?? DEFAULT_MIN_MATCH_SCORE;
  const uncovered = options.uncovered ?? false;
  const coverage = await loadQueryCoverage({
    ctx,
    workspaceId: workspace.id,
    ...range,
    minScore,
  });
  const listed = uncovered
    ? coverage.queries.filter((q) => q.impressions > 0 && q.matches.length === 0)
    : coverage.queries;
  return {
    workspace: workspace.slug,
    ...range,
    minScore,
    uncovered,
    queriesConsidered: coverage.considered,
    data: listed.slice(0, options.limit ?? 100),
  };
}
