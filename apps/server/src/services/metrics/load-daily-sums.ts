import type { AppContext } from "../../context.js";
import type { PromptCell } from "../../metrics/aggregates.js";
import { filterSql, type MetricsFilters } from "./metrics-filters.js";

/**
 * Rollups summed per (day, engine, category) in the database: one pseudo-cell
 * per group (promptId = the category), a few dozen rows per day whatever the
 * number of prompts. Every metric is a ratio of sums, so point values computed
 * from these equal those from the per-prompt cells; intervals need the real
 * cells (the bootstrap resamples prompts). Days: a range or a list.
 */
export async function loadDailySums(options: {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  days: { from: string; to: string } | readonly string[];
  filters: MetricsFilters;
}): Promise<Map<string, PromptCell[]>> {
  const { ctx, days } = options;
  const byDay = new Map<string, Map<string, PromptCell>>();
  const dayParams = "from" in days ? [days.from, days.to] : [...days];
  if (dayParams.length === 0) return new Map();
  // Explicit date parameters keep PostgreSQL on the key's day column.
  const dayCondition =
    "from" in days
      ? "day BETWEEN $3::date AND $4::date"
      : `day IN (${dayParams.map((_, i) => `$${i + 3}::date`).join(", ")})`;
  const where = filterSql(options.filters, dayParams.length + 3);
  const params = [options.workspaceId, options.version, ...dayParams, ...where.params];
  const cellRows = await ctx.prisma.$queryRawUnsafe<
    Array<{
      day: string;
      engine: string;
      category: string;
      responses: number;
      with_citations: number;
    }>
  >(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, engine, category, sum(responses)::int AS responses,
            sum(responses_with_citations)::int AS with_citations
     FROM metric_cells
     WHERE workspace_id = $1 AND analysis_version = $2::int AND ${dayCondition} ${where.sql}
     GROUP BY 1, 2, 3`,
    ...params,
  );
  const entityRows = await ctx.prisma.$queryRawUnsafe<
    Array<{
      day: string;
      engine: string;
      category: string;
      entity_id: string;
      mentioned: number;
      mentions: number;
      rank_sum: number;
      cited: number;
      positive: number;
      negative: number;
    }>
  >(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, engine, category, entity_id,
            sum(mentioned_responses)::int AS mentioned, sum(mention_count)::int AS mentions,
            sum(rank_sum)::int AS rank_sum, sum(cited_responses)::int AS cited,
            sum(positive_responses)::int AS positive, sum(negative_responses)::int AS negative
     FROM metric_entity_counts
     WHERE workspace_id = $1 AND analysis_version = $2::int AND ${dayCondition} ${where.sql}
     GROUP BY 1, 2, 3, 4`,
    ...params,
  );
  for (const r of cellRows) {
    const cells = byDay.get(r.day) ?? new Map<string, PromptCell>();
    byDay.set(r.day, cells);
    cells.set(`${r.engine}\u0000${r.category}`, {
      promptId: r.category,
      engine: r.engine,
      category: r.category,
      responses: Number(r.responses),
      responsesWithCitations: Number(r.with_citations),
      entities: {},
    });
  }
  for (const r of entityRows) {
    const cell = byDay.get(r.day)?.get(`${r.engine}\u0000${r.category}`);
    if (!cell) continue;
    cell.entities[r.entity_id] = {
      mentionedResponses: Number(r.mentioned),
      mentionCount: Number(r.mentions),
      rankSum: Number(r.rank_sum),
      citedResponses: Number(r.cited),
      positiveResponses: Number(r.positive),
      negativeResponses: Number(r.negative),
    };
  }
  return new Map([...byDay].map(([day, cells]) => [day, [...cells.values()]]));
}
