import type { AppContext } from "../../context.js";
import type { PointCell } from "../../metrics/aggregates.js";
import { filterSql, type MetricsFilters } from "./metrics-filters.js";
import { packRows, unpackRows } from "./packed-rows.js";

/** The pseudo-entity carrying every other tracked entity's mentions (for share of voice). */
export const OTHERS = "\u0000others";

/**
 * The per-prompt cells of several days reduced to what the brand's deltas
 * need, in one round trip: per (day, prompt), every engine the filters select
 * summed (the bootstrap draws a prompt with all its engines) and
 * `brand_research` left out unless `includeBrandResearch`, the answers, the
 * answers with citations, the brand's counts (entity `selfId`) and, as the
 * pseudo-entity `OTHERS`, the answers mentioning each other tracked entity
 * summed (so share of voice's denominator is intact). Days without cells are
 * absent from the map.
 */
export async function loadBrandCells(options: {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  days: readonly string[];
  selfId: string;
  /** Every tracked entity id, the brand's included. */
  entityIds: readonly string[];
  filters: MetricsFilters;
}): Promise<Map<string, PointCell[]>> {
  const { ctx, days, filters } = options;
  if (days.length === 0) return new Map();
  // $1 workspace, $2 version, $3 brand, then the days, the entity ids, the filters.
  const dayAt = (i: number) => `$${4 + i}`;
  const idsFrom = 4 + days.length;
  const ids = options.entityIds.map((_, i) => `$${idsFrom + i}`).join(", ");
  const where = filterSql(filters, idsFrom + options.entityIds.length);
  const key = "workspace_id = $1 AND analysis_version = $2::int";
  const counted = filters.includeBrandResearch ? "" : "AND category <> 'brand_research'";
  // One branch per day: each seeks its day (see load-daily-sums.ts).
  const rowsOf = (table: string, extra = "") =>
    days
      .map(
        (_, i) =>
          `SELECT * FROM ${table} WHERE ${key} AND day = ${dayAt(i)}::date ${where.sql} ${counted} ${extra}`,
      )
      .join(" UNION ALL ");
  const day = "to_char(day, 'YYYY-MM-DD')";
  const [row] = await ctx.prisma.$queryRawUnsafe<
    Array<{ cells: string | null; entities: string | null }>
  >(
    `SELECT
       (SELECT ${packRows([day, "prompt_id", "responses", "with_citations"])}
        FROM (SELECT day, prompt_id, sum(responses) AS responses,
                sum(responses_with_citations) AS with_citations
              FROM (${rowsOf("metric_cells")}) AS c GROUP BY day, prompt_id) AS c) AS cells,
       (SELECT ${packRows([day, "prompt_id", "mentioned", "rank_sum", "cited", "others"])}
        FROM (SELECT day, prompt_id,
                sum(CASE WHEN entity_id = $3 THEN mentioned_responses ELSE 0 END) AS mentioned,
                sum(CASE WHEN entity_id = $3 THEN rank_sum ELSE 0 END) AS rank_sum,
                sum(CASE WHEN entity_id = $3 THEN cited_responses ELSE 0 END) AS cited,
                sum(CASE WHEN entity_id = $3 THEN 0 ELSE mentioned_responses END) AS others
              FROM (${rowsOf("metric_entity_counts", `AND entity_id IN (${ids})`)}) AS e
              GROUP BY day, prompt_id) AS e) AS entities`,
    options.workspaceId,
    options.version,
    options.selfId,
    ...days,
    ...options.entityIds,
    ...where.params,
  );
  const cells = new Map<string, PointCell>();
  for (const [d, promptId = "", responses, withCitations] of unpackRows(row?.cells)) {
    cells.set(`${d}\u0000${promptId}`, {
      promptId,
      engine: "*",
      category: "*",
      responses: Number(responses),
      responsesWithCitations: Number(withCitations),
      entities: {},
    });
  }
  for (const [d, promptId, mentioned, rankSum, cited, others] of unpackRows(row?.entities)) {
    const cell = cells.get(`${d}\u0000${promptId}`);
    if (!cell) continue;
    cell.entities[options.selfId] = {
      mentionedResponses: Number(mentioned),
      rankSum: Number(rankSum),
      citedResponses: Number(cited),
    };
    cell.entities[OTHERS] = { mentionedResponses: Number(others), rankSum: 0, citedResponses: 0 };
  }
  const byDay = new Map<string, PointCell[]>();
  for (const [k, cell] of cells) {
    const d = k.slice(0, k.indexOf("\u0000"));
    const list = byDay.get(d) ?? [];
    list.push(cell);
    byDay.set(d, list);
  }
  return byDay;
}
