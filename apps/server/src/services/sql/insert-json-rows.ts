import type { Prisma } from "@geopulse/db";
import { storableJson } from "../../text/storable-text.js";

/** A column of `insertJsonRows`: its name in the table and its SQL type. */
export type JsonColumns = Readonly<Record<string, string>>;

/** Rows per statement: each statement carries its rows as one JSON parameter. */
const CHUNK = 5000;

/**
 * Inserts rows keyed by column name with one statement per 5,000 rows, the rows travelling
 * as ONE jsonb parameter (`jsonb_to_recordset`) instead of one parameter per value: on the
 * hot path this is much cheaper for the client to build than `createMany` (which the query
 * compiler expands value by value) and the same for the database. bigint values must be
 * passed as strings; arrays become SQL arrays; every string is made storable (a NUL or a lone
 * surrogate, which an engine may send or a cut may leave, would fail the whole statement).
 */
export async function insertJsonRows(
  tx: Prisma.TransactionClient,
  table: string,
  columns: JsonColumns,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const names = Object.keys(columns);
  const record = names.map((name) => `${name} ${columns[name]}`).join(", ");
  for (let start = 0; start < rows.length; start += CHUNK) {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (${names.join(", ")})
       SELECT ${names.join(", ")} FROM jsonb_to_recordset($1::jsonb) AS v(${record})`,
      storableJson(rows.slice(start, start + CHUNK)),
    );
  }
}
