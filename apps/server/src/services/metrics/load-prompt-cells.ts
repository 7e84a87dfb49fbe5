import type { AppContext } from "../../context.js";
import type { EntityCounts, PromptCell } from "../../metrics/aggregates.js";
import { filterSql, type MetricsFilters } from "./metrics-filters.js";

interface CellRow {
  day: string;
  engine: string;
  prompt_id: string;
  category: string;
  responses: number;
  responses_with_citations: number;
}

interface EntityRow {
  day: string;
  engine: string;
  prompt_id: string;
  entity_id: string;
  mentioned_responses: number;
  mention_count: number;
  rank_sum: number;
  cited_responses: number;
  positive_responses: number;
  negative_responses: number;
}

/**
 * The PromptCells of some days of a workspace from the rollup tables (never
 * from stored answers), by day. Cost grows with the cells of those days only.
 */
export async function loadPromptCells(options: {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  days: readonly string[];
  filters: MetricsFilters;
}): Promise<Map<string, PromptCell[]>> {
  const { ctx, workspaceId, version, days, filters } = options;
  const byDay = new Map<string, PromptCell[]>(days.map((d) => [d, []]));
  if (days.length === 0) return byDay;
  // An explicit list of date parameters: PostgreSQL then uses the key's day column
  // (an array expression here was planned as a filter over the whole history).
  const dayList = days.map((_, i) => `$${i + 3}::date`).join(", ");
  const where = filterSql(filters, days.length + 3);
  const base = [workspaceId, version, ...days] as const;
  const cellRows = await ctx.prisma.$queryRawUnsafe<CellRow[]>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, engine, prompt_id, category, responses,
            responses_with_citations
     FROM metric_cells
     WHERE workspace_id = $1 AND analysis_version = $2::int
       AND day IN (${dayList}) ${where.sql}`,
    ...base,
    ...where.params,
  );
  const entityRows = await ctx.prisma.$queryRawUnsafe<EntityRow[]>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, engine, prompt_id, entity_id, mentioned_responses,
            mention_count, rank_sum, cited_responses, positive_responses, negative_responses
     FROM metric_entity_counts
     WHERE workspace_id = $1 AND analysis_version = $2::int
       AND day IN (${dayList}) ${where.sql}`,
    ...base,
    ...where.params,
  );
  const cells = new Map<string, PromptCell>();
  for (const r of cellRows) {
    const cell: PromptCell = {
      promptId: r.prompt_id,
      engine: r.engine,
      category: r.category,
      responses: Number(r.responses),
      responsesWithCitations: Number(r.responses_with_citations),
      entities: {},
    };
    cells.set(`${r.day}\u0000${r.engine}\u0000${r.prompt_id}`, cell);
    byDay.get(r.day)?.push(cell);
  }
  for (const r of entityRows) {
    const cell = cells.get(`${r.day}\u0000${r.engine}\u0000${r.prompt_id}`);
    if (!cell) continue;
    const counts: EntityCounts = {
      mentionedResponses: Number(r.mentioned_responses),
      mentionCount: Number(r.mention_count),
      rankSum: Number(r.rank_sum),
      citedResponses: Number(r.cited_responses),
      positiveResponses: Number(r.positive_responses),
      negativeResponses: Number(r.negative_responses),
    };
    cell.entities[r.entity_id] = counts;
  }
  return byDay;
}

/** Most-cited registrable domains of a day (answers citing each), most first. */
export async function loadTopCitedDomains(options: {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  day: string;
  filters: MetricsFilters;
  limit: number;
}): Promise<Array<{ domain: string; count: number; taxonomy: string }>> {
  const { ctx, filters } = options;
  const where = filterSql(filters, 5);
  const rows = await ctx.prisma.$queryRawUnsafe<
    Array<{ domain: string; taxonomy: string; count: number | bigint }>
  >(
    `SELECT domain, min(taxonomy) AS taxonomy, sum(cited_responses)::int AS count
     FROM metric_domain_counts
     WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date ${where.sql}
     GROUP BY domain ORDER BY count DESC, domain ASC LIMIT $4::int`,
    options.workspaceId,
    options.version,
    options.day,
    options.limit,
    ...where.params,
  );
  return rows.map((r) => ({ domain: r.domain, taxonomy: r.taxonomy, count: Number(r.count) }));
}
