import type { AppContext } from "../../context.js";
import { yieldToEventLoop } from "./cpu-slices.js";
import { readDayRevision } from "./read-day-answers.js";
import type { RollupRows } from "./rollup-rows.js";
import { ROLLUP_TABLES } from "./rollup-tables.js";
import { runDaySwap, type SwapCheck, swapDayStatement, upsertStatement } from "./write-rollups.js";

/** Rows written (or deleted) per statement: each holds the embedded database for a few ms. */
export const GENERATION_CHUNK = 250;

export interface SwapDayGenerationOptions {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  day: string;
  /** The day's new rollup rows, all of them. */
  rows: RollupRows;
  responses: number;
  revision: number;
  subjectDigest: string;
  fingerprint: string;
  /** Rows per statement (default GENERATION_CHUNK). */
  chunk?: number;
}

/**
 * Replaces a day's rollups with `rows` without any statement that rewrites the whole day: the
 * rows are written at a new generation of the day (readers keep reading the current one), in
 * statements of GENERATION_CHUNK rows; one short statement (`swapDayStatement` with `flipTo`)
 * then checks the revision and the subject under the day's lock and moves the day to the new
 * generation; the rows of earlier generations (and of other analysis versions) are then deleted
 * in chunks. When the check fails, or the revision moves while the rows are written (answers
 * being recorded on the day: the move would fail), the new rows are deleted instead and the day
 * is left as it was.
 *
 * A generation handed out after the revision was read is above every generation that could
 * still be moved to, so deleting the generations below the one moved to never removes rows
 * another swap still needs; rows a crashed swap left behind go with the next one.
 */
export async function swapDayGeneration(options: SwapDayGenerationOptions): Promise<SwapCheck> {
  const { ctx, workspaceId, version, day } = options;
  const scope = [workspaceId, version, day] as const;
  const otherVersions = await ctx.prisma.$queryRawUnsafe<Array<{ version: number }>>(
    `SELECT analysis_version AS version FROM metric_days
     WHERE workspace_id = $1 AND analysis_version <> $2::int AND day = $3::date`,
    ...scope,
  );
  const [taken] = await ctx.prisma.$queryRawUnsafe<Array<{ generation: number; revision: number }>>(
    `UPDATE metric_days SET last_generation = greatest(last_generation, generation) + 1
     WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date
     RETURNING last_generation AS generation, revision`,
    ...scope,
  );
  if (!taken) return { revision: null, same: null };
  if (Number(taken.revision) !== options.revision)
    return { revision: Number(taken.revision), same: null };
  const generation = Number(taken.generation);
  // At least one row a statement (a test's odd value cannot stall the loops).
  const chunk = Math.max(1, Math.trunc(options.chunk ?? GENERATION_CHUNK));
  const own = { ctx, workspaceId, version, day, generation, chunk };
  let found: SwapCheck;
  try {
    const moved = await writeGeneration({ ...own, rows: options.rows, revision: options.revision });
    found = moved ?? (await moveDay(options, generation));
  } catch (error) {
    await deleteRows({ ...own, which: "generation = $4::int" });
    throw error;
  }
  if (found.revision === options.revision && found.same === true) {
    await deleteRows({ ...own, which: "generation < $4::int" });
    for (const other of otherVersions)
      await deleteRows({ ...own, version: Number(other.version), which: "TRUE" });
  } else {
    await deleteRows({ ...own, which: "generation = $4::int" });
  }
  return found;
}

/** Where one swap's statements write and delete: the day, its version, the swap's generation. */
interface GenerationScope {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  day: string;
  generation: number;
  /** Rows per statement. */
  chunk: number;
}

/**
 * Writes the rows at `generation`, table by table in chunks; after each table, checks the day's
 * revision (at the current ANALYSIS_VERSION, the one re-analyses write). Returns what it found
 * when the revision moved (stopped: the move would fail).
 */
async function writeGeneration(
  options: GenerationScope & { rows: RollupRows; revision: number },
): Promise<SwapCheck | undefined> {
  const { ctx, workspaceId, version, day, generation, chunk } = options;
  for (const table of ROLLUP_TABLES) {
    const values = table.values(options.rows).map((row) => [workspaceId, version, ...row]);
    for (let i = 0; i < values.length; i += chunk) {
      const insert = upsertStatement(table, "insert", values.slice(i, i + chunk), 2, {
        generation: "$1::int",
      });
      await ctx.prisma.$executeRawUnsafe(insert.sql, generation, ...insert.params);
      await yieldToEventLoop();
    }
    const revision = await readDayRevision(ctx, workspaceId, day);
    if (revision !== options.revision) return { revision, same: null };
  }
  return undefined;
}

/** The move: one statement checking the revision and the subject under the day's lock. */
async function moveDay(options: SwapDayGenerationOptions, generation: number): Promise<SwapCheck> {
  return runDaySwap(
    options.ctx.prisma,
    swapDayStatement({
      workspaceId: options.workspaceId,
      version: options.version,
      day: options.day,
      diff: [],
      responses: options.responses,
      revision: options.revision,
      subjectDigest: options.subjectDigest,
      fingerprint: options.fingerprint,
      flipTo: generation,
      now: options.ctx.clock.now(),
    }),
  );
}

/**
 * Deletes a day's rows of one analysis version that `which` selects (SQL; `$4` is the
 * generation), `chunk` rows per statement, until a statement finds none to delete (one that
 * found rows another deleter took meanwhile deleted fewer, and the loop goes on).
 */
async function deleteRows(options: GenerationScope & { which: string }): Promise<void> {
  const { ctx } = options;
  for (const table of ROLLUP_TABLES) {
    for (;;) {
      // `$4 IS NOT NULL` types the parameter when the condition leaves it out.
      const [found] = await ctx.prisma.$queryRawUnsafe<Array<{ rows: number }>>(
        `WITH found AS MATERIALIZED (
           SELECT ctid FROM ${table.name}
           WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date
             AND ${options.which} AND $4::int IS NOT NULL
           LIMIT ${options.chunk}
         ), deleted AS (
           -- Run to completion whether or not the query reads it.
           DELETE FROM ${table.name} WHERE ctid = ANY(ARRAY(SELECT ctid FROM found)) RETURNING 1
         )
         SELECT (SELECT count(*) FROM found)::int AS rows`,
        options.workspaceId,
        options.version,
        options.day,
        options.generation,
      );
      await yieldToEventLoop();
      if (!found || found.rows === 0) break;
    }
  }
}
