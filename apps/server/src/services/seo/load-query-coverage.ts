import type { SeoQuery } from "@geopulse/api-types";
import { createQueryTokenizer, matchPrompts } from "../../analysis/query-match.js";
import type { AppContext } from "../../context.js";

/** Distinct queries read per request: the most impressions first. */
export const MAX_QUERIES_CONSIDERED = 5000;
/** Matching prompts listed per query. */
const matchesListed = 5;

interface QueryTotals {
  query: string;
  clicks: number;
  impressions: number;
  position_sum: number;
}

export interface QueryCoverage {
  queries: SeoQuery[];
  considered: number;
}

/**
 * The Search Console queries stored for a range, summed (position weighted by impressions, as
 * Search Console averages it), each with the workspace's prompts it matches (any language,
 * active or not: an inactive prompt still covers its query).
 */
export async function loadQueryCoverage(options: {
  ctx: AppContext;
  workspaceId: string;
  from: string;
  to: string;
  minScore: number;
}): Promise<QueryCoverage> {
  const { ctx, workspaceId, from, to } = options;
  const [rows, prompts, workspace] = await Promise.all([
    ctx.prisma.$queryRaw<QueryTotals[]>`
      SELECT query, SUM(clicks)::int AS clicks, SUM(impressions)::int AS impressions,
             SUM(position * impressions)::float8 AS position_sum
      FROM seo_search_rows
      WHERE workspace_id = ${workspaceId} AND date BETWEEN ${from} AND ${to}
      GROUP BY query
      ORDER BY SUM(impressions) DESC, query ASC
      LIMIT ${MAX_QUERIES_CONSIDERED}`,
    ctx.prisma.prompt.findMany({
      where: { workspaceId },
      select: { id: true, text: true, active: true },
      orderBy: { id: "asc" },
    }),
    ctx.prisma.workspace.findUniqueOrThrow({
      where: { id: workspaceId },
      select: { languages: true },
    }),
  ]);
  const tokenizer = createQueryTokenizer(workspace.languages);
  const promptTokens = prompts.map((prompt) => ({ prompt, tokens: tokenizer.tokens(prompt.text) }));
  const queries = rows.map((row) => {
    const clicks = Number(row.clicks);
    const impressions = Number(row.impressions);
    return {
      query: row.query,
      clicks,
      impressions,
      ctr: impressions > 0 ? round(clicks / impressions, 4) : 0,
      position: impressions > 0 ? round(Number(row.position_sum) / impressions, 2) : 0,
      matches: matchPrompts(tokenizer.tokens(row.query), promptTokens, options.minScore)
        .slice(0, matchesListed)
        .map(({ prompt, score }) => ({
          promptId: prompt.id,
          text: prompt.text,
          active: prompt.active,
          score,
        })),
    };
  });
  return { queries, considered: rows.length };
}

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
