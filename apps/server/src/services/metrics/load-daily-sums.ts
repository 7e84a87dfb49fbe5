import type { AppContext } from "../../context.js";
import { addDays } from "../../days.js";
import type { PointCell } from "../../metrics/aggregates.js";
import { currentRollupRowsSql, dayGenerationSql } from "../analysis/rollup-tables.js";
import { filterSql, type MetricsFilters } from "./metrics-filters.js";
import { packRows, unpackRows } from "./packed-rows.js";

/**
 * The counts point values need, summed per (day, engine) over the groups the
 * filters select (`brand_research` left out unless `includeBrandResearch`),
 * in the database: one pseudo-cell per day and engine (promptId and category
 * "*"), engines × entities rows a day whatever the number of prompts,
 * categories, languages and regions. Without a category, language or region
 * filter and without brand research, from the day-engine rollups (already
 * those sums, one row per day and engine: a year of them reads in a fraction
 * of the time); otherwise from the group tables. Every metric is a ratio of
 * sums, so point values computed from these equal those from the per-prompt
 * cells; intervals need the real cells (the bootstrap resamples prompts).
 * Days: a range or a list. One round trip.
 */
export async function loadDailySums(options: {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  days: { from: string; to: string } | readonly string[];
  filters: MetricsFilters;
}): Promise<Map<string, PointCell[]>> {
  const { ctx, days, filters } = options;
  const dayParams = "from" in days ? [days.from, days.to] : [...days];
  if (dayParams.length === 0) return new Map();
  const where = filterSql(filters, dayParams.length + 3);
  const tables = rollupsFor(filters);
  const key = "workspace_id = $1 AND analysis_version = $2::int";
  // A list is read one day per branch: with `day IN (...)` and no table
  // statistics yet, PostgreSQL filtered the workspace's whole history instead
  // of seeking each day (19 ms instead of 0.3 ms on a year of data).
  const rowsOf = (table: string) =>
    "from" in days
      ? `SELECT * FROM ${currentRollupRowsSql(table, "d.day BETWEEN $3::date AND $4::date")} AS t
           WHERE TRUE ${where.sql} ${tables.counted}`
      : dayParams
          .map(
            (_, i) =>
              `SELECT * FROM ${table} WHERE ${key} AND day = $${i + 3}::date ${where.sql} ${tables.counted}
                 AND ${dayGenerationSql(`$${i + 3}::date`)}`,
          )
          .join(" UNION ALL ");
  // Days as offsets from the first day parameter: formatting a date in the
  // query (to_char) cost more than the rest of reading a year of rows.
  const day = "day - $3::date";
  // Rows of the day-engine tables are already the sums: read as they are.
  const sum = (column: string) => (tables.summed ? column : `sum(${column})`);
  const grouped = (by: string) => (tables.summed ? "" : `GROUP BY ${by}`);
  const [row] = await ctx.prisma.$queryRawUnsafe<
    Array<{ groups: string | null; entities: string | null }>
  >(
    `SELECT
       (SELECT ${packRows([day, "engine", "responses", "with_citations"])}
        FROM (SELECT day, engine, ${sum("responses")} AS responses,
                ${sum("responses_with_citations")} AS with_citations
              FROM (${rowsOf(tables.groups)}) AS g ${grouped("day, engine")}) AS g) AS groups,
       (SELECT ${packRows([day, "engine", "entity_id", "mentioned", "rank_sum", "cited", "recommended", "shortlisted"])}
        FROM (SELECT day, engine, entity_id, ${sum("mentioned_responses")} AS mentioned,
                ${sum("rank_sum")} AS rank_sum, ${sum("cited_responses")} AS cited,
                ${sum("recommended_responses")} AS recommended,
                ${sum("shortlisted_responses")} AS shortlisted
              FROM (${rowsOf(tables.entities)}) AS e
              ${grouped("day, engine, entity_id")}) AS e) AS entities`,
    options.workspaceId,
    options.version,
    ...dayParams,
    ...where.params,
  );
  const byDay = new Map<string, Map<string, PointCell>>();
  for (const [d = "", engine = "", responses, withCitations] of unpackRows(row?.groups)) {
    let cells = byDay.get(d);
    if (!cells) {
      cells = new Map();
      byDay.set(d, cells);
    }
    cells.set(engine, {
      promptId: "*",
      engine,
      category: "*",
      responses: Number(responses),
      responsesWithCitations: Number(withCitations),
      entities: {},
    });
  }
  for (const [
    d = "",
    engine = "",
    entityId = "",
    mentioned,
    rankSum,
    cited,
    recommended,
    shortlisted,
  ] of unpackRows(row?.entities)) {
    const cell = byDay.get(d)?.get(engine);
    if (!cell) continue;
    cell.entities[entityId] = {
      mentionedResponses: Number(mentioned),
      rankSum: Number(rankSum),
      citedResponses: Number(cited),
      recommendedResponses: Number(recommended),
      shortlistedResponses: Number(shortlisted),
    };
  }
  const first = dayParams[0] as string;
  return new Map(
    [...byDay].map(([offset, cells]) => [addDays(first, Number(offset)), [...cells.values()]]),
  );
}

/**
 * Whether the day-engine rollups hold the sums the filters select: no
 * category, language or region filter and no brand research (an engine or a
 * surface only picks engines' rows).
 */
export function readsDayEngineRollups(filters: MetricsFilters): boolean {
  const { category, language, region, includeBrandResearch } = filters;
  return (
    category === undefined &&
    language === undefined &&
    region === undefined &&
    !includeBrandResearch
  );
}

/**
 * The rollup tables that hold the sums the filters select: the day-engine
 * ones (one row per day, engine and entity: nothing left to sum, brand
 * research already left out) without a category, language or region filter
 * and without brand research, else the group tables, summed in the query.
 */
function rollupsFor(filters: MetricsFilters) {
  if (readsDayEngineRollups(filters)) {
    return {
      groups: "metric_day_engines",
      entities: "metric_day_engine_entity_counts",
      counted: "",
      summed: true,
    };
  }
  return {
    groups: "metric_groups",
    entities: "metric_group_entity_counts",
    counted: filters.includeBrandResearch ? "" : "AND category <> 'brand_research'",
    summed: false,
  };
}
