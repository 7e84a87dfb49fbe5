import type { AppContext } from "../../context.js";
import { yieldToEventLoop } from "./cpu-slices.js";
import type { RollupRows } from "./rollup-rows.js";
import { ROLLUP_TABLES } from "./rollup-tables.js";
import { swapDayStatement, upsertStatement } from "./write-rollups.js";

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
}

/**
 * Replaces a day's rollups with `rows` without any statement that rewrites the whole day: the
 * rows are written at a new generation of the day (readers keep reading the current one), in
 * statements of GENERATION_CHUNK rows; one short statement (`swapDayStatement` with `flipTo`)
 * then checks the revision and the subject under the day's lock and moves the day to the new
 * generation; the rows of earlier generations are then deleted in chunks. When the check fails,
 * the new rows are deleted instead and the day is left as it was. Returns what the check found.
 *
 * A generation handed out after the revision was read is above every generation that could
 * still be moved to, so deleting the generations below the one moved to never removes rows
 * another swap still needs; rows a crashed swap left behind go with the next one.
 */
export async function swapDayGeneration(
  options: SwapDayGenerationOptions,
): Promise<{ revision: number | null; same: boolean | null }> {
  const { ctx, workspaceId, version, day } = options;
  const scope = [workspaceId, version, day] as const;
  const [taken] = await ctx.prisma.$queryRawUnsafe<Array<{ generation: number }>>(
    `UPDATE metric_days SET last_generation = greatest(last_generation, generation) + 1
     WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date
     RETURNING last_generation AS generation`,
    ...scope,
  );
  if (!taken) return { revision: null, same: null };
  const generation = Number(taken.generation);
  for (const table of ROLLUP_TABLES) {
    const values = table.values(options.rows).map((row) => [workspaceId, version, ...row]);
    for (let i = 0; i < values.length; i += GENERATION_CHUNK) {
      const insert = upsertStatement(table, "insert", values.slice(i, i + GENERATION_CHUNK), 2, {
        generation: "$1::int",
      });
      await ctx.prisma.$executeRawUnsafe(insert.sql, generation, ...insert.params);
      await yieldToEventLoop();
    }
  }
  const flip = swapDayStatement({
    workspaceId,
    version,
    day,
    diff: [],
    responses: options.responses,
    revision: options.revision,
    subjectDigest: options.subjectDigest,
    fingerprint: options.fingerprint,
    flipTo: generation,
    now: ctx.clock.now(),
  });
  const [found] = await ctx.prisma.$queryRawUnsafe<
    Array<{ revision: number | null; same: boolean | null }>
  >(flip.sql, ...flip.params);
  const moved = found?.revision !== null && Number(found?.revision) === options.revision;
  const flipped = moved && found?.same === true;
  await deleteGenerations({ ctx, workspaceId, version, day, generation, older: flipped });
  return { revision: found?.revision ?? null, same: found?.same ?? null };
}

/**
 * Deletes a day's rows of `generation` (`older`: of every generation below it), GENERATION_CHUNK
 * rows per statement.
 */
async function deleteGenerations(options: {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  day: string;
  generation: number;
  older: boolean;
}): Promise<void> {
  const { ctx } = options;
  const which = options.older ? "generation < $4::int" : "generation = $4::int";
  for (const table of ROLLUP_TABLES) {
    for (;;) {
      const deleted = await ctx.prisma.$executeRawUnsafe(
        `DELETE FROM ${table.name} WHERE ctid = ANY(ARRAY(
           SELECT ctid FROM ${table.name}
           WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date AND ${which}
           LIMIT ${GENERATION_CHUNK}))`,
        options.workspaceId,
        options.version,
        options.day,
        options.generation,
      );
      await yieldToEventLoop();
      if (deleted < GENERATION_CHUNK) break;
    }
  }
}
