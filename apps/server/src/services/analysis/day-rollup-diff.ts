import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { packRows, unpackRows } from "../metrics/packed-rows.js";
import { yieldToEventLoop } from "./cpu-slices.js";
import type { RollupRows } from "./rollup-rows.js";
import { dayGenerationSql, ROLLUP_TABLES, type RollupTable } from "./rollup-tables.js";

type Db = AppContext["prisma"] | Prisma.TransactionClient;

/** A day's stored rollup rows per table: key text -> values text. */
export type StoredDayRollups = Map<string, Map<string, string>>;

/** What turns the stored rows of a day into the wanted ones, per table. */
export interface RollupDiff {
  table: RollupTable;
  /** Rows to insert or overwrite (key and value columns, no scope columns). */
  upserts: unknown[][];
  /** Keys of stored rows to delete, as text per key column. */
  deletes: string[][];
}

const FIELD = "\u001f";
const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const columnSql = ([name, type]: readonly [string, string]) =>
  type === "date" ? `to_char(${name}, 'YYYY-MM-DD')` : name;

/**
 * The day's rollup rows at one analysis version (its current generation), read as packed text values
 * (the embedded database's read cost is per result row).
 */
export async function readStoredDayRollups(
  db: Db,
  options: { workspaceId: string; version: number; day: string },
): Promise<StoredDayRollups> {
  const scope = [options.workspaceId, options.version, options.day] as const;
  // The per-prompt tables hold thousands of rows a day: read one engine at a
  // time, so no single read holds the (embedded, same-thread) database long.
  const engines = await db.$queryRawUnsafe<Array<{ engine: string }>>(
    `SELECT DISTINCT engine FROM metric_groups
     WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date
       AND ${dayGenerationSql("$3::date")}`,
    ...scope,
  );
  const stored: StoredDayRollups = new Map();
  for (const table of ROLLUP_TABLES) {
    const rows = new Map<string, string>();
    const perEngine = table.columns.some(([name]) => name === "prompt_id");
    for (const engine of perEngine ? engines.map((e) => e.engine) : [null]) {
      const [row] = await db.$queryRawUnsafe<Array<{ packed: string | null }>>(
        `SELECT ${packRows(table.columns.map(columnSql))} AS packed FROM ${table.name}
         WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date
           AND ($4::text IS NULL OR engine = $4::text) AND ${dayGenerationSql("$3::date")}`,
        ...scope,
        engine,
      );
      for (const fields of unpackRows(row?.packed)) {
        rows.set(
          fields.slice(0, table.keyWidth).join(FIELD),
          fields.slice(table.keyWidth).join(FIELD),
        );
      }
      await yieldToEventLoop();
    }
    stored.set(table.name, rows);
  }
  return stored;
}

/**
 * Rows to write and delete so the stored day equals `rows`. Only what
 * changed: an edit that moves one competitor's mentions touches its entity
 * rows and the ranks beside them, not the day's cells or domains. In steps
 * (a yield after every row compared), for `runInSlices`.
 */
export function* diffDayRollups(
  stored: StoredDayRollups,
  rows: RollupRows,
): Generator<void, RollupDiff[], void> {
  const diff: RollupDiff[] = [];
  for (const table of ROLLUP_TABLES) {
    const before = stored.get(table.name) ?? new Map<string, string>();
    const wanted = new Set<string>();
    const upserts: unknown[][] = [];
    for (const row of table.values(rows)) {
      const key = row.slice(0, table.keyWidth).map(text).join(FIELD);
      wanted.add(key);
      if (before.get(key) !== row.slice(table.keyWidth).map(text).join(FIELD)) upserts.push(row);
      yield;
    }
    const deletes = [...before.keys()].filter((k) => !wanted.has(k)).map((k) => k.split(FIELD));
    diff.push({ table, upserts, deletes });
  }
  return diff;
}

/** Number of rows a diff writes or deletes. */
export const diffSize = (diff: readonly RollupDiff[]) =>
  diff.reduce((n, d) => n + d.upserts.length + d.deletes.length, 0);
