import type { AppContext } from "../../context.js";
import { addDays, dayNumber } from "../../days.js";
import type { ChangeSeries, DailyProportion } from "../../metrics/detect-changes.js";
import { CpuSlices } from "../analysis/cpu-slices.js";
import { currentRollupRowsSql } from "../analysis/rollup-tables.js";
import { filterSql, type MetricsFilters } from "./metrics-filters.js";
import type { ScopeEntity } from "./metrics-scope.js";
import { packRows, unpackRows } from "./packed-rows.js";

/**
 * Days read by one statement: a day of a standard workspace holds about 1,500 prompt cells
 * and their entity counts, and a statement holds the embedded database while it runs, so a
 * long range is read two days at a time (four days took 58 ms on average and up to 92 ms on
 * the 2-core machine beside a run and a re-analysis, bench/run-latency.ts; a week 44-62 ms;
 * the 94 days of a refresh had held it for 0.9 s in one statement).
 */
export const SERIES_CHUNK_DAYS = 2;

/**
 * Answer counts of an entity in a prompt cell that a series can count (rollup
 * columns); cited answers count of the answers with a citation, the others of
 * all answers.
 */
export type EntityCountColumn =
  | "mentioned_responses"
  | "recommended_responses"
  | "shortlisted_responses"
  | "rank_sum"
  | "cited_responses";

/**
 * The daily visibility of every entity, per engine and every engine pooled,
 * with per-prompt counts (what change detection tests), from the prompt
 * rollups (`metric_cells`, `metric_entity_counts`) of the counted categories
 * (`brand_research` left out unless `includeBrandResearch`) over a range of
 * days: SERIES_CHUNK_DAYS days per round trip, each folded into the series in
 * CPU slices before the next is read. Visibility of a cell: answers mentioning
 * the entity / answers. Every entity has a day wherever the series' engine has
 * answers (0 mentions included).
 */
export async function loadVisibilitySeries(
  options: SeriesRange & { chunkDays?: number },
): Promise<ChangeSeries[]> {
  const [series] = await loadEntityCountSeries({ ...options, columns: ["mentioned_responses"] });
  return series as ChangeSeries[];
}

interface SeriesRange {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  entities: readonly ScopeEntity[];
  from: string;
  to: string;
  filters: MetricsFilters;
}

/**
 * `loadVisibilitySeries` for several counts at once, read in the same round
 * trips: the series of each of `columns` (answers mentioning, recommending or
 * shortlisting the entity, of all answers; answers citing it, of the answers
 * with a citation), in their order.
 */
export async function loadEntityCountSeries(
  options: SeriesRange & {
    columns: readonly EntityCountColumn[];
    /** Days per round trip (SERIES_CHUNK_DAYS). */
    chunkDays?: number;
  },
): Promise<ChangeSeries[][]> {
  const { ctx, filters, columns } = options;
  if (columns.length === 0) return [];
  const chunkDays = options.chunkDays ?? SERIES_CHUNK_DAYS;
  const where = filterSql(filters, 6);
  const counted = filters.includeBrandResearch ? "" : "AND category <> 'brand_research'";
  // Offsets from `from` ($3), whatever the chunk ($4..$5).
  const rows = (table: string) =>
    `${currentRollupRowsSql(table, "d.day BETWEEN $4::date AND $5::date")} AS t
     WHERE TRUE ${where.sql} ${counted}`;
  const day = "day - $3::date";
  const builders = columns.map(() => new SeriesBuilder(options.entities, options.from));
  const slices = new CpuSlices();
  const span = dayNumber(options.to) - dayNumber(options.from) + 1;
  for (let start = 0; start < span; start += chunkDays) {
    const [row] = await ctx.prisma.$queryRawUnsafe<
      Array<{ cells: string | null; entities: string | null }>
    >(
      `SELECT
         (SELECT ${packRows([day, "engine", "prompt_id", "responses", "responses_with_citations"])}
          FROM ${rows("metric_cells")}) AS cells,
         (SELECT ${packRows([day, "engine", "prompt_id", "entity_id", ...columns])}
          FROM ${rows("metric_entity_counts")} AND (${columns.map((c) => `${c} > 0`).join(" OR ")})) AS entities`,
      options.workspaceId,
      options.version,
      options.from,
      addDays(options.from, start),
      addDays(options.from, Math.min(span, start + chunkDays) - 1),
      ...where.params,
    );
    const cells = unpackRows(row?.cells);
    const entities = unpackRows(row?.entities);
    for (const [k, builder] of builders.entries()) {
      // Each builder reads its count in the fifth place, and its denominator in the fourth.
      const cited = columns[k] === "cited_responses";
      const denominators = cited ? cells.map((r) => [...r.slice(0, 3), r[4] ?? "0"]) : cells;
      const counts = k === 0 ? entities : entities.map((r) => [...r.slice(0, 4), r[4 + k] ?? "0"]);
      await builder.add(denominators, counts, slices);
    }
  }
  return builders.map((b) => b.series());
}

type PromptCounts = { promptId: string; successes: number; trials: number };

/**
 * The series of `loadVisibilitySeries`, folded chunk by chunk: a chunk holds
 * whole days (cells and entity counts of the same days), so its cells and
 * pooled prompt counts are its own and only the days are kept across chunks.
 */
class SeriesBuilder {
  readonly #entities: readonly ScopeEntity[];
  readonly #entityIndex: Map<string, number>;
  readonly #from: string;
  /** engine ("" pooled) → per entity → per day offset → DailyProportion. */
  readonly #days = new Map<string, Array<Map<number, DailyProportion>>>();

  constructor(entities: readonly ScopeEntity[], from: string) {
    this.#entities = entities;
    this.#entityIndex = new Map(entities.map((e, i) => [e.id, i]));
    this.#from = from;
  }

  /** Folds one chunk's rows in (packed: offset, engine, prompt, …), yielding between slices. */
  async add(
    cellRows: readonly string[][],
    entityRows: readonly string[][],
    slices: CpuSlices,
  ): Promise<void> {
    const E = this.#entities.length;
    // Per (day, engine, prompt): answers, then each entity's mentioned answers.
    const cells = new Map<
      string,
      { offset: number; engine: string; promptId: string; y: number[] }
    >();
    for (const [offset = "", engine = "", promptId = "", responses] of cellRows) {
      const y = new Array<number>(E + 1).fill(0);
      y[0] = Number(responses);
      cells.set(`${offset}\u0000${engine}\u0000${promptId}`, {
        offset: Number(offset),
        engine,
        promptId,
        y,
      });
      if (slices.due()) await slices.pause();
    }
    for (const [offset, engine, promptId, entityId = "", mentioned] of entityRows) {
      const e = this.#entityIndex.get(entityId);
      const cell = cells.get(`${offset}\u0000${engine}\u0000${promptId}`);
      if (e !== undefined && cell) cell.y[e + 1] = Number(mentioned);
      if (slices.due()) await slices.pause();
    }
    // Pooled prompt counts: one entry per (day, entity, prompt), summed over engines.
    const pooled = new Map<string, PromptCounts>();
    for (const cell of cells.values()) {
      const trials = cell.y[0] as number;
      if (trials === 0) continue;
      for (let e = 0; e < E; e++) {
        const successes = cell.y[e + 1] as number;
        const one = this.#day(cell.engine, e, cell.offset);
        one.successes += successes;
        one.trials += trials;
        one.prompts?.push({ promptId: cell.promptId, successes, trials });
        const all = this.#day("", e, cell.offset);
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
      if (slices.due()) await slices.pause();
    }
  }

  series(): ChangeSeries[] {
    const series: ChangeSeries[] = [];
    for (const [engine, perEntity] of this.#days) {
      this.#entities.forEach((entity, e) => {
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

  #day(engine: string, e: number, offset: number): DailyProportion {
    let perEntity = this.#days.get(engine);
    if (!perEntity) {
      perEntity = this.#entities.map(() => new Map());
      this.#days.set(engine, perEntity);
    }
    const byDay = perEntity[e] as Map<number, DailyProportion>;
    let d = byDay.get(offset);
    if (!d) {
      d = { date: addDays(this.#from, offset), successes: 0, trials: 0, prompts: [] };
      byDay.set(offset, d);
    }
    return d;
  }
}
