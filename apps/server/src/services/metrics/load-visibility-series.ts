import type { AppContext } from "../../context.js";
import { addDays } from "../../days.js";
import type { ChangeSeries, DailyProportion } from "../../metrics/detect-changes.js";
import { filterSql, type MetricsFilters } from "./metrics-filters.js";
import type { ScopeEntity } from "./metrics-scope.js";
import { packRows, unpackRows } from "./packed-rows.js";

/**
 * The daily visibility of every entity, per engine and every engine pooled,
 * with per-prompt counts (what change detection tests), from the prompt
 * rollups (`metric_cells`, `metric_entity_counts`) of the counted categories
 * (`brand_research` left out unless `includeBrandResearch`) over a range of
 * days, in one round trip. Visibility of a cell: answers mentioning the entity
 * / answers. Every entity has a day wherever the series' engine has answers
 * (0 mentions included).
 */
export async function loadVisibilitySeries(options: {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  entities: readonly ScopeEntity[];
  from: string;
  to: string;
  filters: MetricsFilters;
}): Promise<ChangeSeries[]> {
  const { ctx, filters } = options;
  const where = filterSql(filters, 5);
  const counted = filters.includeBrandResearch ? "" : "AND category <> 'brand_research'";
  const condition = `workspace_id = $1 AND analysis_version = $2::int
    AND day BETWEEN $3::date AND $4::date ${where.sql} ${counted}`;
  const day = "day - $3::date";
  const [row] = await ctx.prisma.$queryRawUnsafe<
    Array<{ cells: string | null; entities: string | null }>
  >(
    `SELECT
       (SELECT ${packRows([day, "engine", "prompt_id", "responses"])}
        FROM metric_cells WHERE ${condition}) AS cells,
       (SELECT ${packRows([day, "engine", "prompt_id", "entity_id", "mentioned_responses"])}
        FROM metric_entity_counts WHERE ${condition} AND mentioned_responses > 0) AS entities`,
    options.workspaceId,
    options.version,
    options.from,
    options.to,
    ...where.params,
  );
  const entityIndex = new Map(options.entities.map((e, i) => [e.id, i]));
  const E = options.entities.length;
  // Per (day, engine, prompt): answers, then each entity's mentioned answers.
  const cells = new Map<
    string,
    { offset: number; engine: string; promptId: string; y: number[] }
  >();
  for (const [offset = "", engine = "", promptId = "", responses] of unpackRows(row?.cells)) {
    const y = new Array<number>(E + 1).fill(0);
    y[0] = Number(responses);
    cells.set(`${offset}\u0000${engine}\u0000${promptId}`, {
      offset: Number(offset),
      engine,
      promptId,
      y,
    });
  }
  for (const [offset, engine, promptId, entityId = "", mentioned] of unpackRows(row?.entities)) {
    const e = entityIndex.get(entityId);
    const cell = cells.get(`${offset}\u0000${engine}\u0000${promptId}`);
    if (e === undefined || !cell) continue;
    cell.y[e + 1] = Number(mentioned);
  }
  const dateOf = (offset: number) => addDays(options.from, offset);
  // series key: engine ("" pooled) → per entity → per day offset → DailyProportion.
  const days = new Map<string, Array<Map<number, DailyProportion>>>();
  const dayOf = (engine: string, e: number, offset: number): DailyProportion => {
    let perEntity = days.get(engine);
    if (!perEntity) {
      perEntity = options.entities.map(() => new Map());
      days.set(engine, perEntity);
    }
    const byDay = perEntity[e] as Map<number, DailyProportion>;
    let d = byDay.get(offset);
    if (!d) {
      d = { date: dateOf(offset), successes: 0, trials: 0, prompts: [] };
      byDay.set(offset, d);
    }
    return d;
  };
  // Pooled prompt counts: one entry per (day, entity, prompt), summed over engines.
  type PromptCounts = { promptId: string; successes: number; trials: number };
  const pooled = new Map<string, PromptCounts>();
  for (const cell of cells.values()) {
    const trials = cell.y[0] as number;
    if (trials === 0) continue;
    for (let e = 0; e < E; e++) {
      const successes = cell.y[e + 1] as number;
      const one = dayOf(cell.engine, e, cell.offset);
      one.successes += successes;
      one.trials += trials;
      one.prompts?.push({ promptId: cell.promptId, successes, trials });
      const all = dayOf("", e, cell.offset);
      all.successes += successes;
      all.trials += trials;
      const key = `${cell.offset}\u0000${e}\u0000${cell.promptId}`;
      let entry = pooled.get(key);
      if (!entry) {
        entry = { promptId: cell.promptId, successes: 0, trials: 0 };
        pooled.set(key, entry);
        all.prompts?.push(entry);
      }
      entry.successes += successes;
      entry.trials += trials;
    }
  }
  const series: ChangeSeries[] = [];
  for (const [engine, perEntity] of days) {
    options.entities.forEach((entity, e) => {
      const byDay = perEntity[e] as Map<number, DailyProportion>;
      series.push({
        entityId: entity.id,
        engine: engine === "" ? null : engine,
        days: [...byDay.entries()].sort((a, b) => a[0] - b[0]).map(([, d]) => d),
      });
    });
  }
  return series;
}
