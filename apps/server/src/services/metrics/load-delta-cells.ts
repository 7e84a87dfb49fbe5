import type { AppContext } from "../../context.js";
import type { PointCell, PointCounts } from "../../metrics/aggregates.js";
import { dayGenerationSql } from "../analysis/rollup-tables.js";
import { filterSql, type MetricsFilters } from "./metrics-filters.js";
import { packRows, unpackRows } from "./packed-rows.js";

/** The pseudo-entity carrying every other tracked entity's mentions (for share of voice). */
export const OTHERS = "\u0000others";

/** What the deltas' bootstraps of one day read (`loadDeltaCells`). */
export interface DeltaCells {
  /**
   * One cell per prompt, every engine the filters select summed (engine `*`:
   * the bootstrap draws a prompt with all its engines), with the brand's
   * counts and every other tracked entity's mentioned answers (their rank
   * sums and citations are not read: 0): the brand's deltas and every
   * entity's visibility and share of voice, engines pooled.
   */
  pooled: PointCell[];
  /**
   * Per engine, one cell per prompt with the brand's counts and, as the
   * pseudo-entity `OTHERS`, the answers mentioning each other tracked entity
   * summed (so share of voice's denominator is intact): the brand's deltas on
   * each engine.
   */
  brandByEngine: Map<string, PointCell[]>;
}

/**
 * The per-prompt cells of several days reduced to what the deltas need, in
 * one round trip: the days' cells (one row per day, engine and prompt) and
 * the tracked entities' counts as stored, packed as text with the day as its
 * offset from the first and the entity as its index (the embedded database
 * spends far more on grouping and on decoding than on reading rows: summing
 * here costs a fraction of it). Per (day, engine, prompt) the brand's counts
 * and the others' mentions summed; the pooled cells (per day and prompt) are
 * the engine cells summed, with each other entity's mentioned answers.
 * `brand_research` is left out unless `includeBrandResearch` (the cells'
 * category is `*`). Days without cells are absent from the map.
 */
export async function loadDeltaCells(options: {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  days: readonly string[];
  selfId: string;
  /** Every tracked entity id, the brand's included. */
  entityIds: readonly string[];
  filters: MetricsFilters;
}): Promise<Map<string, DeltaCells>> {
  const { ctx, days, filters, selfId, entityIds } = options;
  if (days.length === 0) return new Map();
  // $1 workspace, $2 version, then the days, the entity ids, the filters.
  const dayAt = (i: number) => `$${3 + i}`;
  const idsFrom = 3 + days.length;
  const ids = entityIds.map((_, i) => `$${idsFrom + i}`).join(", ");
  const where = filterSql(filters, idsFrom + entityIds.length);
  const key = "workspace_id = $1 AND analysis_version = $2::int";
  const counted = filters.includeBrandResearch ? "" : "AND category <> 'brand_research'";
  // One branch per day: each seeks its day (see load-daily-sums.ts).
  const rowsOf = (table: string, columns: string, extra = "") =>
    days
      .map(
        (_, i) =>
          `SELECT ${columns} FROM ${table} WHERE ${key} AND day = ${dayAt(i)}::date ${where.sql} ${counted} ${extra}
             AND ${dayGenerationSql(`${dayAt(i)}::date`)}`,
      )
      .join(" UNION ALL ");
  // The day as its index in `days` (one branch per day), the entity as its index in `entityIds`.
  const dayIndex = `CASE day ${days.map((_, i) => `WHEN ${dayAt(i)}::date THEN ${i}`).join(" ")} END`;
  const entityIndex = `CASE entity_id ${entityIds.map((_, i) => `WHEN $${idsFrom + i} THEN ${i}`).join(" ")} END`;
  const [row] = await ctx.prisma.$queryRawUnsafe<
    Array<{ cells: string | null; counts: string | null }>
  >(
    `SELECT
       (SELECT ${packRows(["d", "engine", "prompt_id", "responses", "responses_with_citations"])}
        FROM (${rowsOf("metric_cells", `${dayIndex} AS d, engine, prompt_id, responses, responses_with_citations`)}) AS c) AS cells,
       (SELECT ${packRows(["d", "engine", "prompt_id", "e", "mentioned_responses", "rank_sum", "cited_responses"])}
        FROM (${rowsOf(
          "metric_entity_counts",
          `${dayIndex} AS d, engine, prompt_id, ${entityIndex} AS e, mentioned_responses, rank_sum, cited_responses`,
          `AND entity_id IN (${ids})`,
        )}) AS e) AS counts`,
    options.workspaceId,
    options.version,
    ...days,
    ...entityIds,
    ...where.params,
  );
  // The deltas read no recommendation counts (their metrics: visibility, share of voice,
  // citation share, composite): left 0.
  const counts = (mentioned: number, rankSum = 0, cited = 0): PointCounts => ({
    mentionedResponses: mentioned,
    rankSum,
    citedResponses: cited,
    recommendedResponses: 0,
    shortlistedResponses: 0,
  });
  const byDay = new Map<string, DeltaCells>();
  // Per day index: the engine cells by engine and prompt, the pooled cells by prompt.
  const engineCells = days.map(() => new Map<string, Map<string, PointCell>>());
  const pooledCells = days.map(() => new Map<string, PointCell>());
  for (const [d = "", engine = "", promptId = "", responses, withCitations] of unpackRows(
    row?.cells,
  )) {
    const i = Number(d);
    const day = days[i] as string;
    let cells = byDay.get(day);
    if (!cells) {
      cells = { pooled: [], brandByEngine: new Map() };
      byDay.set(day, cells);
    }
    const one: PointCell = {
      promptId,
      engine,
      category: "*",
      responses: Number(responses),
      responsesWithCitations: Number(withCitations),
      entities: { [selfId]: counts(0), [OTHERS]: counts(0) },
    };
    const byEngine = engineCells[i] as Map<string, Map<string, PointCell>>;
    const ofEngine = byEngine.get(engine);
    if (ofEngine) ofEngine.set(promptId, one);
    else byEngine.set(engine, new Map([[promptId, one]]));
    const list = cells.brandByEngine.get(engine);
    if (list) list.push(one);
    else cells.brandByEngine.set(engine, [one]);
    const pooled = pooledCells[i] as Map<string, PointCell>;
    let all = pooled.get(promptId);
    if (!all) {
      all = {
        promptId,
        engine: "*",
        category: "*",
        responses: 0,
        responsesWithCitations: 0,
        entities: { [selfId]: counts(0) },
      };
      pooled.set(promptId, all);
      cells.pooled.push(all);
    }
    all.responses += one.responses;
    all.responsesWithCitations += one.responsesWithCitations;
  }
  for (const [d = "", engine = "", promptId = "", e, mentioned, rankSum, cited] of unpackRows(
    row?.counts,
  )) {
    const i = Number(d);
    const one = engineCells[i]?.get(engine)?.get(promptId);
    if (!one) continue;
    const all = pooledCells[i]?.get(promptId) as PointCell;
    const entityId = entityIds[Number(e)] as string;
    const m = Number(mentioned);
    if (entityId === selfId) {
      const r = Number(rankSum);
      const c = Number(cited);
      one.entities[selfId] = counts(m, r, c);
      const self = all.entities[selfId] as ReturnType<typeof counts>;
      self.mentionedResponses += m;
      self.rankSum += r;
      self.citedResponses += c;
    } else {
      (one.entities[OTHERS] as ReturnType<typeof counts>).mentionedResponses += m;
      const other = all.entities[entityId];
      if (other) other.mentionedResponses += m;
      else all.entities[entityId] = counts(m);
    }
  }
  return byDay;
}
