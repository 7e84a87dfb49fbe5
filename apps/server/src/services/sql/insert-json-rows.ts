import type { Prisma } from "@geopulse/db";
import { storableJson } from "../../text/storable-text.js";

/** A column of `insertJsonRows`: its name in the table and its SQL type. */
export type JsonColumns = Readonly<Record<string, string>>;

/** Rows for one table, keyed by column name. */
export interface JsonRowSet {
  table: string;
  columns: JsonColumns;
  rows: readonly Record<string, unknown>[];
}

/** The record type `jsonb_to_recordset` reads rows of these columns as: `name type, …`. */
export function jsonRecordType(columns: JsonColumns): string {
  return Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(", ");
}

/** The rows in `param`, a jsonb array of them, as a FROM item `v` of these columns. */
export function jsonRecordsetSql(param: string, columns: JsonColumns): string {
  return `jsonb_to_recordset(${param}::jsonb) AS v(${jsonRecordType(columns)})`;
}

/** `INSERT INTO table (columns) SELECT …` from the rows in `param`, a jsonb array of them. */
export function insertFromJsonSql(table: string, columns: JsonColumns, param: string): string {
  const names = Object.keys(columns).join(", ");
  return `INSERT INTO ${table} (${names})
       SELECT ${names} FROM ${jsonRecordsetSql(param, columns)}`;
}

/** Rows per statement and table: each table's rows travel as one JSON parameter. */
const CHUNK = 5000;

/**
 * Inserts rows keyed by column name with one statement per 5,000 rows, the rows travelling
 * as ONE jsonb parameter (`jsonb_to_recordset`) instead of one parameter per value: on the
 * hot path this is much cheaper for the client to build than `createMany` (which the query
 * compiler expands value by value) and the same for the database. bigint values must be
 * passed as strings; arrays become SQL arrays; every string is made storable (a NUL or a lone
 * surrogate, which an engine may send or a cut may leave, would fail the whole statement).
 */
export function insertJsonRows(
  tx: Prisma.TransactionClient,
  table: string,
  columns: JsonColumns,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  return insertJsonRowSets(tx, [{ table, columns, rows }]);
}

/**
 * Inserts rows into several tables with one statement (a data-modifying CTE a table) per
 * 5,000 rows of each: one round trip instead of one a table, which on the embedded database
 * is time its only connection is held. The tables must not depend on each other's new rows
 * (the CTEs run together, on one snapshot).
 */
export async function insertJsonRowSets(
  tx: Prisma.TransactionClient,
  sets: readonly JsonRowSet[],
): Promise<void> {
  const longest = Math.max(0, ...sets.map((set) => set.rows.length));
  for (let start = 0; start < longest; start += CHUNK) {
    const chunks = sets
      .map((set) => ({ ...set, rows: set.rows.slice(start, start + CHUNK) }))
      .filter((set) => set.rows.length > 0);
    const inserts = chunks.map(({ table, columns }, index) =>
      insertFromJsonSql(table, columns, `$${index + 1}`),
    );
    const [only] = inserts;
    const sql =
      inserts.length === 1 && only
        ? only
        : `WITH ${inserts.map((insert, i) => `t${i} AS (${insert})`).join(",\n")} SELECT 1`;
    await tx.$executeRawUnsafe(sql, ...chunks.map((chunk) => storableJson(chunk.rows)));
  }
}

/**
 * Inserts rows, or updates the row of the same `key` columns with the others (`onlyWhen`: a
 * condition over the stored row and EXCLUDED that an update must meet, else the stored row
 * stays), one statement per 5,000 rows travelling as one jsonb parameter (`insertJsonRows`).
 */
export async function upsertJsonRows(
  db: Prisma.TransactionClient,
  options: {
    table: string;
    columns: JsonColumns;
    key: readonly string[];
    rows: readonly Record<string, unknown>[];
    onlyWhen?: string;
  },
): Promise<void> {
  const { table, columns, key, rows } = options;
  const set = Object.keys(columns)
    .filter((name) => !key.includes(name))
    .map((name) => `${name} = EXCLUDED.${name}`)
    .join(", ");
  const sql = `${insertFromJsonSql(table, columns, "$1")}
    ON CONFLICT (${key.join(", ")}) DO UPDATE SET ${set}
    ${options.onlyWhen ? `WHERE ${options.onlyWhen}` : ""}`;
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.$executeRawUnsafe(sql, storableJson(rows.slice(start, start + CHUNK)));
  }
}
