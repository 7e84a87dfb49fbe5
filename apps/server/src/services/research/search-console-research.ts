import type { Prisma, PrismaClient } from "@geopulse/db";
import { createQueryTokenizer, matchScore } from "../../analysis/query-match.js";
import type { AppContext } from "../../context.js";
import { addDays, dayOf } from "../../days.js";
import { type ResearchProvider, realResearchProvider } from "../../engines/research-provider.js";

/** Days of stored Search Console rows a research call reads, ending today. */
const lookbackDays = 90;
/** Query-page rows read once per job (most impressions first). */
const maxRows = 20_000;
/** Queries one call returns. */
const perSeed = 10;
/** Share of the seed's words a query must contain. */
const minSeedScore = 0.6;

interface StoredQuery {
  query: string;
  impressions: number;
  /** The page with most impressions for the query. */
  page: string;
}

/** Whether the workspace has any stored Search Console row (what makes the provider available). */
export async function hasSearchConsoleRows(
  db: PrismaClient | Prisma.TransactionClient,
  workspaceId: string,
): Promise<boolean> {
  return (
    (await db.seoSearchRow.findFirst({ where: { workspaceId }, select: { date: true } })) !== null
  );
}

/**
 * Research from the Search Console queries SEO refreshes stored (no call to Google, free):
 * per seed, the queries of the last 90 days with most impressions that contain the seed's
 * words (matched as `GET .../seo/queries` matches), with their top pages as sources.
 */
export function createSearchConsoleResearch(
  ctx: AppContext,
  workspaceId: string,
): ResearchProvider {
  let loaded: Promise<{ queries: StoredQuery[]; languages: string[] }> | undefined;
  const load = async () => {
    const since = addDays(dayOf(ctx.clock.now()), -lookbackDays);
    const [rows, workspace] = await Promise.all([
      ctx.prisma.$queryRaw<Array<{ query: string; page: string; impressions: number }>>`
        SELECT query, page, SUM(impressions)::int AS impressions
        FROM seo_search_rows
        WHERE workspace_id = ${workspaceId} AND date >= ${since}
        GROUP BY query, page
        ORDER BY SUM(impressions) DESC, query ASC, page ASC
        LIMIT ${maxRows}`,
      ctx.prisma.workspace.findUniqueOrThrow({
        where: { id: workspaceId },
        select: { languages: true },
      }),
    ]);
    const byQuery = new Map<string, StoredQuery>();
    for (const row of rows) {
      const entry = byQuery.get(row.query);
      if (entry) entry.impressions += Number(row.impressions);
      else byQuery.set(row.query, { ...row, impressions: Number(row.impressions) });
    }
    const queries = [...byQuery.values()].sort(
      (a, b) => b.impressions - a.impressions || a.query.localeCompare(b.query),
    );
    return { queries, languages: workspace.languages };
  };
  return realResearchProvider("search_console", async (request) => {
    loaded ??= load();
    const { queries, languages } = await loaded;
    const tokenizer = createQueryTokenizer(languages);
    const seed = tokenizer.tokens(request.seed);
    const found = queries
      .filter((q) => matchScore(seed, tokenizer.tokens(q.query)) >= minSeedScore)
      .slice(0, perSeed);
    return {
      questions: found.map((q) => q.query),
      sources: found.map((q) => ({ url: q.page, title: null })),
      costMicrousd: 0n,
    };
  });
}
