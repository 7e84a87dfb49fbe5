import type { AppContext } from "../../context.js";
import type { PromptCell } from "../../metrics/aggregates.js";
import { entityCountColumns, entityCountsFromText } from "../analysis/rollup-columns.js";
import { dayGenerationSql } from "../analysis/rollup-tables.js";
import { filterSql, type MetricsFilters } from "./metrics-filters.js";
import { packRows, unpackRows } from "./packed-rows.js";

/**
 * The PromptCells of one day of a workspace from the rollup tables (never
 * from stored answers), in one round trip. Cost grows with that day's cells
 * only.
 */
export async function loadPromptCells(options: {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  day: string;
  filters: MetricsFilters;
}): Promise<PromptCell[]> {
  const { ctx, filters } = options;
  const where = filterSql(filters, 4);
  const condition = `workspace_id = $1 AND analysis_version = $2::int AND day = $3::date ${where.sql}
    AND ${dayGenerationSql("$3::date")}`;
  const [row] = await ctx.prisma.$queryRawUnsafe<
    Array<{ cells: string | null; entities: string | null }>
  >(
    `SELECT
       (SELECT ${packRows(["engine", "prompt_id", "category", "responses", "responses_with_citations"])}
        FROM metric_cells WHERE ${condition}) AS cells,
       (SELECT ${packRows(["engine", "prompt_id", "entity_id", ...entityCountColumns])}
        FROM metric_entity_counts WHERE ${condition}) AS entities`,
    options.workspaceId,
    options.version,
    options.day,
    ...where.params,
  );
  const cells = new Map<string, PromptCell>();
  for (const [engine = "", promptId = "", category = "", responses, withCitations] of unpackRows(
    row?.cells,
  )) {
    cells.set(`${engine}\u0000${promptId}`, {
      promptId,
      engine,
      category,
      responses: Number(responses),
      responsesWithCitations: Number(withCitations),
      entities: {},
    });
  }
  for (const [engine, promptId, entityId = "", ...counts] of unpackRows(row?.entities)) {
    const cell = cells.get(`${engine}\u0000${promptId}`);
    if (!cell) continue;
    cell.entities[entityId] = entityCountsFromText(counts);
  }
  return [...cells.values()];
}

/**
 * Most-cited registrable domains of a day (answers citing each), most first, over the
 * answers the metrics count (`brand_research` ones left out unless included).
 */
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
     FROM metric_group_domain_counts
     WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date ${where.sql}
       ${filters.includeBrandResearch ? "" : "AND category <> 'brand_research'"}
       AND ${dayGenerationSql("$3::date")}
     GROUP BY domain ORDER BY count DESC, domain ASC LIMIT $4::int`,
    options.workspaceId,
    options.version,
    options.day,
    options.limit,
    ...where.params,
  );
  return rows.map((r) => ({ domain: r.domain, taxonomy: r.taxonomy, count: Number(r.count) }));
}
