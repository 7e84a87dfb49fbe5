import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { runInSlices, yieldToEventLoop } from "./cpu-slices.js";
import { diffDayRollups, diffSize, readStoredDayRollups } from "./day-rollup-diff.js";
import { type AnalysedAnswer, rollupRowsInSteps } from "./rollup-rows.js";
import { GENERATION_CHUNK, swapDayGeneration } from "./swap-day-generation.js";
import { runDaySwap, swapDayStatement } from "./write-rollups.js";

/**
 * The largest diff applied in place, in the swap's one statement, on the embedded database:
 * 500 rows (about 30-50 µs a row, holding its only connection for up to ~25 ms); a larger one
 * writes the day anew at another generation in statements of GENERATION_CHUNK rows. That
 * writes every row of the day, not only those that differ (a day of 1,500 answers: ~5,500 rows, ~250 ms of statements
 * instead of one of ~50 ms), which only the embedded database needs: on PostgreSQL readers
 * do not wait for a writer, so every diff is applied in place.
 */
const inPlaceMaxRows = (ctx: AppContext) =>
  ctx.db.kind === "pglite" ? 2 * GENERATION_CHUNK : Number.POSITIVE_INFINITY;

export interface SwapDayRollupsOptions {
  ctx: AppContext;
  workspaceId: string;
  day: string;
  /** Every answer of the day, analysed with the subject of `fingerprint`. */
  answers: readonly AnalysedAnswer[];
  fingerprint: string;
  /** The digest of the subject's rows the answers were analysed with (SUBJECT_DIGEST_SQL). */
  subjectDigest: string;
  /** The day's revision before its answers were listed (0: no row yet). */
  revision: number;
  /** The largest diff applied in place (default `inPlaceMaxRows`; -1: none). */
  inPlaceMaxRows?: number;
  /** Rows per statement of a swap at a new generation (default GENERATION_CHUNK; tests: fewer). */
  generationChunk?: number;
}

/**
 * `done`, or why the day's rollups were left as they were: answers were
 * added to the day since its revision was read, or the subject changed.
 */
export type SwapOutcome = "done" | "day-changed" | "subject-changed";

/**
 * Replaces a day's rollups with those of its re-analysed answers, so readers
 * see the old day or the new one, never a mix. Everything slow (reading
 * answers, analysing, writing their mentions, reading the stored rollups and
 * diffing them) happened before; one statement (`swapDayStatement`) checks
 * under the day lock that nothing it relied on moved meanwhile (the revision,
 * which every writer of the day bumps, and the subject) and writes only the
 * rows that differ. On the embedded database, a diff over 500 rows
 * is not written by that statement (it would hold the only connection for its
 * whole length): the
 * day is written anew at another generation in small statements, and the
 * checking statement only moves the day to it (`swapDayGeneration`).
 */
export async function swapDayRollups(options: SwapDayRollupsOptions): Promise<SwapOutcome> {
  const { ctx, workspaceId, day } = options;
  const now = ctx.clock.now();
  // Built and compared in CPU slices: a day's 1,500 answers took ~35 ms of one stretch.
  const rows = await runInSlices(rollupRowsInSteps(options.answers));
  // Read and compared outside the transaction: if a writer changes the day
  // after this read, it bumps the revision and the swap below declines.
  const stored = await readStoredDayRollups(ctx.prisma, {
    workspaceId,
    version: ANALYSIS_VERSION,
    day,
  });
  const diff = await runInSlices(diffDayRollups(stored, rows));
  await yieldToEventLoop();
  // A day with no row yet gets one to lock (revision 0, as read).
  if (options.revision === 0) {
    await ctx.prisma.$executeRawUnsafe(
      `INSERT INTO metric_days (workspace_id, analysis_version, day, responses, revision, updated_at)
         VALUES ($1, $2::int, $3::date, 0, 0, $4::timestamptz) ON CONFLICT DO NOTHING`,
      workspaceId,
      ANALYSIS_VERSION,
      day,
      now.toISOString(),
    );
  }
  const check = {
    workspaceId,
    version: ANALYSIS_VERSION,
    day,
    responses: options.answers.length,
    revision: options.revision,
    subjectDigest: options.subjectDigest,
    fingerprint: options.fingerprint,
  };
  const found =
    diffSize(diff) > (options.inPlaceMaxRows ?? inPlaceMaxRows(ctx))
      ? await swapDayGeneration({
          ctx,
          ...check,
          rows,
          ...(options.generationChunk === undefined ? {} : { chunk: options.generationChunk }),
        })
      : await runDaySwap(ctx.prisma, swapDayStatement({ ...check, diff, now }));
  if (found.revision !== options.revision) return "day-changed";
  return found.same ? "done" : "subject-changed";
}
