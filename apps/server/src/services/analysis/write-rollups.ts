import type { Prisma } from "@geopulse/db";
import type { RollupDiff } from "./day-rollup-diff.js";
import type { RollupRows } from "./rollup-rows.js";
import { ROLLUP_TABLES, type RollupTable, SCOPE_COLUMNS } from "./rollup-tables.js";

type Tx = Prisma.TransactionClient;

const CHUNK = 2000;

/**
 * Locks the day's summary row of a workspace (creating it), bumping its
 * revision. Every writer of a day's rollups takes it first, so a re-analysis
 * of the day and answers being recorded on it run one after the other.
 */
export async function lockMetricDay(
  tx: Tx,
  options: { workspaceId: string; version: number; day: string; now: Date },
): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO metric_days (workspace_id, analysis_version, day, responses, revision, updated_at)
     VALUES ($1, $2::int, $3::date, 0, 1, $4::timestamptz)
     ON CONFLICT (workspace_id, analysis_version, day)
     DO UPDATE SET revision = metric_days.revision + 1, updated_at = EXCLUDED.updated_at`,
    options.workspaceId,
    options.version,
    options.day,
    options.now.toISOString(),
  );
}

/**
 * Adds rollup rows to what is stored (insert or increment) and the answers to
 * their days' counts: ONE statement (each table's upsert a data-modifying CTE)
 * per 2,000 rows of the largest table, so a recorded batch pays one round
 * trip for every table. With `fingerprint` (the subject the answers were
 * analysed with), their days (locked by `lockMetricDay`) note it: a day keeps
 * it when it was empty or made with the same one, and becomes unknown (NULL,
 * so re-analysis redoes it) when its answers were analysed against different
 * subjects.
 */
export async function addRollupRows(
  tx: Tx,
  options: { workspaceId: string; version: number; rows: RollupRows; fingerprint?: string },
): Promise<void> {
  const { workspaceId, version, rows, fingerprint } = options;
  const tables = ROLLUP_TABLES.map((table) => ({
    table,
    values: table.values(rows).map((r) => [workspaceId, version, ...r]),
  }));
  const days = [...rows.days];
  const rounds = Math.max(1, ...tables.map((t) => Math.ceil(t.values.length / CHUNK)));
  for (let round = 0; round < rounds; round++) {
    const parts: string[] = [];
    const params: unknown[] = [];
    for (const { table, values } of tables) {
      const chunk = values.slice(round * CHUNK, (round + 1) * CHUNK);
      if (chunk.length === 0) continue;
      const upsert = upsertStatement(table, "add", chunk, params.length + 1);
      parts.push(`${table.name}_rows AS (${upsert.sql})`);
      params.push(...upsert.params);
    }
    if (round === 0 && days.length > 0) {
      const p = params.length;
      // SET reads the row as it was: `responses = 0` means the day had no answers before these.
      const noteSubject =
        fingerprint === undefined
          ? ""
          : `, subject_fingerprint = CASE WHEN m.responses = 0 OR m.subject_fingerprint = $${p + 5}
               THEN $${p + 5} ELSE NULL END`;
      parts.push(
        `day_responses AS (UPDATE metric_days m SET responses = m.responses + v.n${noteSubject}
           FROM unnest($${p + 3}::date[], $${p + 4}::int[]) AS v(day, n)
           WHERE m.workspace_id = $${p + 1} AND m.analysis_version = $${p + 2}::int AND m.day = v.day)`,
      );
      params.push(
        workspaceId,
        version,
        days.map(([day]) => day),
        days.map(([, n]) => n),
        ...(fingerprint === undefined ? [] : [fingerprint]),
      );
    }
    if (parts.length === 0) continue;
    await tx.$executeRawUnsafe(`WITH ${parts.join(",\n")} SELECT 1`, ...params);
  }
}

/**
 * Applies a diff to a locked day's rollups at one version (overwriting and
 * deleting rows) and sets its answer count: the day ends up exactly as
 * diffed, with no row written that did not change.
 */
export async function applyRollupDiff(
  tx: Tx,
  options: {
    workspaceId: string;
    version: number;
    day: string;
    diff: readonly RollupDiff[];
    responses: number;
  },
): Promise<void> {
  const { workspaceId, version } = options;
  for (const { table, upserts, deletes } of options.diff) {
    await upsert(
      tx,
      table,
      "set",
      upserts.map((r) => [workspaceId, version, ...r]),
    );
    const keys = table.columns.slice(0, table.keyWidth);
    for (let start = 0; start < deletes.length; start += CHUNK) {
      const chunk = deletes.slice(start, start + CHUNK);
      await tx.$executeRawUnsafe(
        `DELETE FROM ${table.name} WHERE workspace_id = $1 AND analysis_version = $2::int
           AND (${keys.map(([name]) => name).join(", ")}) IN
             (SELECT * FROM unnest(${keys.map(([, type], j) => `$${j + 3}::${type}[]`).join(", ")}))`,
        workspaceId,
        version,
        ...keys.map((_, j) => chunk.map((key) => key[j])),
      );
    }
  }
  await tx.$executeRawUnsafe(
    `UPDATE metric_days SET responses = $4::int
     WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date`,
    workspaceId,
    version,
    options.day,
    options.responses,
  );
}

/**
 * Removes a workspace's day at every analysis version but `keepVersion` (rows
 * an older release made), one version at a time so each delete uses the
 * tables' (workspace, version, day) key.
 */
export async function clearOtherVersions(
  tx: Tx,
  options: { workspaceId: string; day: string; keepVersion: number },
): Promise<void> {
  const versions = await tx.$queryRawUnsafe<Array<{ v: number }>>(
    `SELECT analysis_version AS v FROM metric_days
     WHERE workspace_id = $1 AND day = $2::date AND analysis_version <> $3::int`,
    options.workspaceId,
    options.day,
    options.keepVersion,
  );
  for (const { v } of versions) {
    // The day's detected changes of that version go with it.
    for (const table of [
      ...ROLLUP_TABLES.map((t) => t.name),
      "metric_days",
      "metric_change_days",
    ]) {
      await tx.$executeRawUnsafe(
        `DELETE FROM ${table} WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date`,
        options.workspaceId,
        Number(v),
        options.day,
      );
    }
  }
}

async function upsert(
  tx: Tx,
  table: RollupTable,
  mode: "add" | "set",
  values: readonly (readonly unknown[])[],
): Promise<void> {
  for (let start = 0; start < values.length; start += CHUNK) {
    const { sql, params } = upsertStatement(table, mode, values.slice(start, start + CHUNK), 1);
    await tx.$executeRawUnsafe(sql, ...params);
  }
}

/**
 * The upsert of rows into one rollup table, its parameters numbered from `first`: one array
 * per column (unnest) rather than one parameter per value, so the statement stays small
 * whatever the row count. Adding sums the counts and keeps the attributes; setting replaces
 * every value.
 */
function upsertStatement(
  table: RollupTable,
  mode: "add" | "set",
  values: readonly (readonly unknown[])[],
  first: number,
): { sql: string; params: unknown[][] } {
  const set = table.columns
    .slice(table.keyWidth)
    .flatMap(([c, type]) =>
      mode === "set"
        ? [`${c} = EXCLUDED.${c}`]
        : type === "int"
          ? [`${c} = ${table.name}.${c} + EXCLUDED.${c}`]
          : [],
    )
    .join(", ");
  const columns = [...SCOPE_COLUMNS, ...table.columns];
  const keys = columns.slice(0, SCOPE_COLUMNS.length + table.keyWidth).map(([name]) => name);
  const arrays = columns.map(([, type], j) => `$${first + j}::${type}[]`).join(", ");
  return {
    sql: `INSERT INTO ${table.name} (${columns.map(([name]) => name).join(", ")})
       SELECT * FROM unnest(${arrays})
       ON CONFLICT (${keys.join(", ")}) DO UPDATE SET ${set}`,
    params: columns.map((_, j) => values.map((row) => row[j])),
  };
}
