import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { SUBJECT_DIGEST_SQL } from "./analysis-subject.js";
import { diffSize, type RollupDiff } from "./day-rollup-diff.js";
import type { RollupRows } from "./rollup-rows.js";
import { ROLLUP_TABLES, type RollupTable, SCOPE_COLUMNS } from "./rollup-tables.js";

type Tx = Prisma.TransactionClient;

const CHUNK = 2000;

/**
 * Locks the day's summary row of a workspace (creating it), bumping its
 * revision. Every writer of a day's rollups takes it first, so a re-analysis
 * of the day and answers being recorded on it run one after the other.
 * Returns the day's current generation, which the lock keeps until the
 * transaction ends (`addRollupRows` writes to it).
 */
export async function lockMetricDay(
  tx: Tx,
  options: { workspaceId: string; version: number; day: string; now: Date },
): Promise<{ generation: number }> {
  const [row] = await tx.$queryRawUnsafe<Array<{ generation: number }>>(
    `INSERT INTO metric_days (workspace_id, analysis_version, day, responses, revision, updated_at)
     VALUES ($1, $2::int, $3::date, 0, 1, $4::timestamptz)
     ON CONFLICT (workspace_id, analysis_version, day)
     DO UPDATE SET revision = metric_days.revision + 1, updated_at = EXCLUDED.updated_at
     RETURNING generation`,
    options.workspaceId,
    options.version,
    options.day,
    options.now.toISOString(),
  );
  return { generation: Number(row?.generation ?? 0) };
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
  options: {
    workspaceId: string;
    version: number;
    rows: RollupRows;
    fingerprint?: string;
    /** The generation of the rows' day when they are all of one (from `lockMetricDay`). */
    generation?: number;
  },
): Promise<void> {
  const { workspaceId, version, rows, fingerprint } = options;
  const tables = ROLLUP_TABLES.map((table) => ({
    table,
    values: table.values(rows).map((r) => [workspaceId, version, ...r]),
  }));
  const days = [...rows.days];
  // Without one generation given, each row's day's is joined in.
  const generation =
    options.generation === undefined ? {} : { generation: `${Number(options.generation)}::int` };
  const rounds = Math.max(1, ...tables.map((t) => Math.ceil(t.values.length / CHUNK)));
  for (let round = 0; round < rounds; round++) {
    const parts: string[] = [];
    const params: unknown[] = [];
    for (const { table, values } of tables) {
      const chunk = values.slice(round * CHUNK, (round + 1) * CHUNK);
      if (chunk.length === 0) continue;
      const upsert = upsertStatement(table, "add", chunk, params.length + 1, generation);
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

/** What `swapDayStatement` writes, and what it checks first under the day's lock. */
export interface DaySwap {
  workspaceId: string;
  version: number;
  day: string;
  diff: readonly RollupDiff[];
  /** The day's answers, its new count. */
  responses: number;
  /** The revision the diff was made against: the day must still have it. */
  revision: number;
  /** The subject's digest (SUBJECT_DIGEST_SQL) when the answers were analysed: it must still be it. */
  subjectDigest: string;
  /** The fingerprint the day is marked with. */
  fingerprint: string;
  /**
   * A generation whose rows were written beforehand (`swapDayGeneration`): the day moves to it
   * instead of having `diff` applied, which must then be empty.
   */
  flipTo?: number;
  now: Date;
}

/**
 * The day's swap as ONE statement: lock the day's row (FOR UPDATE), check its
 * revision and the subject's digest and, only when both still hold, remove
 * the day at other analysis versions (rows an older release made, with their
 * detected changes), apply the diff (overwriting and deleting rows) and set
 * the day's count, fingerprint and revision (moved only when rows did, so
 * cached metrics of an unchanged day stay valid). Every data-modifying CTE
 * waits on the check; one round trip holds the embedded database for the
 * statement alone. The statement returns the revision found (null: no row)
 * and whether the subject was the same; it wrote only when both matched.
 */
export function swapDayStatement(swap: DaySwap): { sql: string; params: unknown[] } {
  const params: unknown[] = [
    swap.workspaceId,
    swap.version,
    swap.day,
    swap.revision,
    swap.subjectDigest,
    swap.fingerprint,
    swap.responses,
    diffSize(swap.diff) > 0 || swap.flipTo !== undefined ? 1 : 0,
    swap.now.toISOString(),
  ];
  const scope = "workspace_id = $1 AND analysis_version = $2::int AND day = $3::date";
  const whenChecked = "EXISTS (SELECT 1 FROM checked)";
  const parts = [
    `locked AS MATERIALIZED (SELECT revision, generation FROM metric_days WHERE ${scope} FOR UPDATE)`,
    `subject AS MATERIALIZED (SELECT ${SUBJECT_DIGEST_SQL} = $5 AS same FROM workspaces w WHERE w.id = $1)`,
    `checked AS MATERIALIZED (SELECT 1 FROM locked, subject WHERE locked.revision = $4::int AND subject.same)`,
    `other_versions AS MATERIALIZED (SELECT analysis_version AS v FROM metric_days
       WHERE workspace_id = $1 AND day = $3::date AND analysis_version <> $2::int AND ${whenChecked})`,
    // A move to a generation leaves other versions' rollup rows (invisible to this version's
    // readers) to `swapDayGeneration`, which deletes them in chunks after it.
    ...[
      ...(swap.flipTo === undefined ? ROLLUP_TABLES.map((t) => t.name) : []),
      "metric_days",
      "metric_change_days",
      "metric_snapshots",
      "metric_day_sums",
    ].map(
      (table) =>
        `clear_${table} AS (DELETE FROM ${table} t USING other_versions o
           WHERE t.workspace_id = $1 AND t.analysis_version = o.v AND t.day = $3::date)`,
    ),
    // Stored time series span many days: any of another version's is outdated by this move
    // (its days' revisions restart if the version comes back).
    `clear_metric_series AS (DELETE FROM metric_series t USING other_versions o
       WHERE t.workspace_id = $1 AND t.analysis_version = o.v)`,
  ];
  for (const { table, upserts, deletes } of swap.diff) {
    if (upserts.length > 0) {
      const put = upsertStatement(
        table,
        "set",
        upserts.map((r) => [swap.workspaceId, swap.version, ...r]),
        params.length + 1,
        { where: whenChecked, generation: "(SELECT generation FROM locked)" },
      );
      parts.push(`put_${table.name} AS (${put.sql})`);
      params.push(...put.params);
    }
    if (deletes.length > 0) {
      const keys = table.columns.slice(0, table.keyWidth);
      const first = params.length + 1;
      const names = keys.map(([name]) => name);
      // Key by key (a LATERAL that OFFSET 0 keeps from being flattened): planned without
      // statistics, a join of the keys with the day's rows compared every key with every row.
      parts.push(
        `drop_${table.name} AS (DELETE FROM ${table.name} WHERE ctid = ANY(ARRAY(
           SELECT r.ctid FROM unnest(${keys.map(([, type], j) => `$${first + j}::${type}[]`).join(", ")})
             AS k(${names.join(", ")})
           CROSS JOIN LATERAL (SELECT ctid FROM ${table.name}
             WHERE workspace_id = $1 AND analysis_version = $2::int
               AND generation = (SELECT generation FROM locked)
               AND ${names.map((name) => `${name} = k.${name}`).join(" AND ")} OFFSET 0) AS r
           WHERE ${whenChecked})))`,
      );
      params.push(...keys.map((_, j) => deletes.map((key) => key[j])));
    }
  }
  let flip = "";
  if (swap.flipTo !== undefined) {
    params.push(swap.flipTo);
    flip = `, generation = $${params.length}::int`;
  }
  parts.push(
    `day_row AS (UPDATE metric_days SET responses = $7::int, subject_fingerprint = $6${flip},
       revision = revision + $8::int, updated_at = $9::timestamptz
       WHERE ${scope} AND ${whenChecked})`,
  );
  return {
    sql: `WITH ${parts.join(",\n")}
      SELECT (SELECT revision FROM locked) AS revision, (SELECT same FROM subject) AS same`,
    params,
  };
}

/** What a day swap's check found: the day's revision (null: no row) and whether the subject held. */
export interface SwapCheck {
  revision: number | null;
  same: boolean | null;
}

/**
 * Runs a `swapDayStatement`: one statement, atomic on its own, so no transaction holds the
 * embedded database between round trips. It wrote only if `revision` is the one it was made
 * against and `same` is true.
 */
export async function runDaySwap(
  db: Tx | AppContext["prisma"],
  swap: { sql: string; params: unknown[] },
): Promise<SwapCheck> {
  const [found] = await db.$queryRawUnsafe<
    Array<{ revision: number | null; same: boolean | null }>
  >(swap.sql, ...swap.params);
  const revision = found?.revision;
  return {
    revision: revision === null || revision === undefined ? null : Number(revision),
    same: found?.same ?? null,
  };
}

/**
 * The upsert of rows into one rollup table, its parameters numbered from `first`: one array
 * per column (unnest) rather than one parameter per value, so the statement stays small
 * whatever the row count. Adding sums the counts and keeps the attributes; setting replaces
 * every value; inserting expects no row there (a generation of its own). Rows go to
 * `generation` (SQL), by default their day's current one.
 */
export function upsertStatement(
  table: RollupTable,
  mode: "add" | "set" | "insert",
  values: readonly (readonly unknown[])[],
  first: number,
  options: { where?: string; generation?: string } = {},
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
  const names = columns.map(([name]) => name);
  const keys = [...names.slice(0, SCOPE_COLUMNS.length + table.keyWidth), "generation"];
  const arrays = columns.map(([, type], j) => `$${first + j}::${type}[]`).join(", ");
  // A day with no metric_days row (written by no writer yet) is at generation 0.
  const dayGeneration = `LEFT JOIN metric_days m ON m.workspace_id = u.workspace_id
       AND m.analysis_version = u.analysis_version AND m.day = u.day`;
  const generation = options.generation ?? "coalesce(m.generation, 0)";
  return {
    sql: `INSERT INTO ${table.name} (${names.join(", ")}, generation)
       SELECT ${names.map((name) => `u.${name}`).join(", ")}, ${generation}
       FROM unnest(${arrays}) AS u(${names.join(", ")})
       ${options.generation === undefined ? dayGeneration : ""}
       ${options.where ? `WHERE ${options.where}` : ""}
       ${mode === "insert" ? "" : `ON CONFLICT (${keys.join(", ")}) DO UPDATE SET ${set}`}`,
    params: columns.map((_, j) => values.map((row) => row[j])),
  };
}
