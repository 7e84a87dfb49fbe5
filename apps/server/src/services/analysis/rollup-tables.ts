import { entityCountColumns, entityCountValues } from "./rollup-columns.js";
import type { CellRow, GroupKey, RollupRows } from "./rollup-rows.js";

/** A column's name and SQL type. */
type Column = readonly [name: string, type: "text" | "int" | "date"];

/** Columns every rollup row starts with (its workspace and analysis version). */
export const SCOPE_COLUMNS: readonly Column[] = [
  ["workspace_id", "text"],
  ["analysis_version", "int"],
];

/**
 * One rollup table: its columns after SCOPE_COLUMNS (the first `keyWidth`
 * complete the primary key, the rest are values), and its rows of a
 * RollupRows in that column order.
 */
export interface RollupTable {
  name: string;
  columns: readonly Column[];
  keyWidth: number;
  values(rows: RollupRows): unknown[][];
}

const entityColumns = entityCountColumns.map((c) => [c, "int"] as const);
const groupKey = (r: GroupKey) => [r.day, r.engine, r.category, r.language, r.region];
const groupKeyColumns: Column[] = [
  ["day", "date"],
  ["engine", "text"],
  ["category", "text"],
  ["language", "text"],
  ["region", "text"],
];
const dayEngineKeyColumns: Column[] = [
  ["day", "date"],
  ["engine", "text"],
];
const cellKey = (r: CellRow | RollupRows["entities"][number]) => [r.day, r.engine, r.promptId];
const cellKeyColumns: Column[] = [
  ["day", "date"],
  ["engine", "text"],
  ["prompt_id", "text"],
];
const cellAttributes = (r: CellRow | RollupRows["entities"][number]) => [
  r.category,
  r.language,
  r.region,
];
const cellAttributeColumns: Column[] = [
  ["category", "text"],
  ["language", "text"],
  ["region", "text"],
];

/** The rollup tables below metric_days (docs/metrics.md, "Rollups"). */
export const ROLLUP_TABLES: readonly RollupTable[] = [
  {
    name: "metric_cells",
    columns: [
      ...cellKeyColumns,
      ...cellAttributeColumns,
      ["responses", "int"],
      ["responses_with_citations", "int"],
    ],
    keyWidth: 3,
    values: (rows) =>
      rows.cells.map((r) => [
        ...cellKey(r),
        ...cellAttributes(r),
        r.responses,
        r.responsesWithCitations,
      ]),
  },
  {
    name: "metric_entity_counts",
    columns: [...cellKeyColumns, ["entity_id", "text"], ...cellAttributeColumns, ...entityColumns],
    keyWidth: 4,
    values: (rows) =>
      rows.entities.map((r) => [
        ...cellKey(r),
        r.entityId,
        ...cellAttributes(r),
        ...entityCountValues(r),
      ]),
  },
  {
    name: "metric_groups",
    columns: [...groupKeyColumns, ["responses", "int"], ["responses_with_citations", "int"]],
    keyWidth: 5,
    values: (rows) =>
      rows.groups.map((r) => [...groupKey(r), r.responses, r.responsesWithCitations]),
  },
  {
    name: "metric_group_entity_counts",
    columns: [...groupKeyColumns, ["entity_id", "text"], ...entityColumns],
    keyWidth: 6,
    values: (rows) =>
      rows.groupEntities.map((r) => [...groupKey(r), r.entityId, ...entityCountValues(r)]),
  },
  {
    name: "metric_group_domain_counts",
    columns: [
      ...groupKeyColumns,
      ["domain", "text"],
      ["taxonomy", "text"],
      ["cited_responses", "int"],
    ],
    keyWidth: 6,
    values: (rows) =>
      rows.domains.map((r) => [...groupKey(r), r.domain, r.taxonomy, r.citedResponses]),
  },
  {
    name: "metric_day_engines",
    columns: [...dayEngineKeyColumns, ["responses", "int"], ["responses_with_citations", "int"]],
    keyWidth: 2,
    values: (rows) =>
      rows.dayEngines.map((r) => [r.day, r.engine, r.responses, r.responsesWithCitations]),
  },
  {
    name: "metric_day_engine_entity_counts",
    columns: [...dayEngineKeyColumns, ["entity_id", "text"], ...entityColumns],
    keyWidth: 3,
    values: (rows) =>
      rows.dayEngineEntities.map((r) => [r.day, r.engine, r.entityId, ...entityCountValues(r)]),
  },
];

/**
 * The condition that keeps a rollup table's rows of one day (`day`, SQL) to the day's current
 * generation (rows of another are a re-analysis's new day not yet moved to, or an old one being
 * deleted): one lookup of the day, whose result the primary-key scan then seeks.
 */
export function dayGenerationSql(day: string, workspace = "$1", version = "$2::int"): string {
  return `generation = (SELECT generation FROM metric_days
    WHERE workspace_id = ${workspace} AND analysis_version = ${version} AND day = ${day})`;
}

/**
 * A rollup table's rows of the days `days` selects (SQL on `d.day`, the day's metric_days row),
 * each day's of its current generation, as a FROM item: the days first, then each day's rows
 * through the primary key (a LATERAL that OFFSET 0 keeps apart). Any other join shape was
 * planned without statistics as a scan of the workspace's rows for every day, 100-300 times
 * slower on the embedded database; this one reads a year of day-engine rows in about twice
 * the time of no filter.
 */
export function currentRollupRowsSql(
  table: string,
  days: string,
  workspace = "$1",
  version = "$2::int",
): string {
  return `(SELECT r.* FROM metric_days d CROSS JOIN LATERAL (SELECT * FROM ${table} t
      WHERE t.workspace_id = d.workspace_id AND t.analysis_version = d.analysis_version
        AND t.day = d.day AND t.generation = d.generation OFFSET 0) AS r
    WHERE d.workspace_id = ${workspace} AND d.analysis_version = ${version} AND ${days})`;
}
