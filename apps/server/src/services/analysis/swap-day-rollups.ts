import type { Prisma } from "@geopulse/db";
import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { fingerprintOf, loadAnalysisSubject } from "./analysis-subject.js";
import { yieldToEventLoop } from "./cpu-slices.js";
import { diffDayRollups, diffSize, readStoredDayRollups } from "./day-rollup-diff.js";
import { type AnalysedAnswer, buildRollupRows } from "./rollup-rows.js";
import { applyRollupDiff, clearOtherVersions } from "./write-rollups.js";

/** A short transaction may still wait long for the embedded database on a busy machine. */
export const WRITE_TIMEOUTS = { timeout: 60_000, maxWait: 60_000 };

export interface SwapDayRollupsOptions {
  ctx: AppContext;
  workspaceId: string;
  day: string;
  /** Every answer of the day, analysed with the subject of `fingerprint`. */
  answers: readonly AnalysedAnswer[];
  fingerprint: string;
  /** The day's revision before its answers were listed (0: no row yet). */
  revision: number;
}

/**
 * `done`, or why the day's rollups were left as they were: answers were
 * added to the day since its revision was read, or the subject changed.
 */
export type SwapOutcome = "done" | "day-changed" | "subject-changed";

/**
 * Replaces a day's rollups with those of its re-analysed answers in one short
 * transaction holding the day lock, so readers see the old day or the new
 * one, never a mix. Everything slow (reading answers, analysing, writing their
 * mentions, reading the stored rollups and diffing them) happened before,
 * outside it; the transaction checks that nothing it relied on moved
 * meanwhile (the revision, which every writer of the day bumps, and the
 * subject) and then writes only the rows that differ.
 */
export async function swapDayRollups(options: SwapDayRollupsOptions): Promise<SwapOutcome> {
  const { ctx, workspaceId, day } = options;
  const rows = buildRollupRows(options.answers);
  // Read and compared outside the transaction: if a writer changes the day
  // after this read, it bumps the revision and the swap below declines.
  const stored = await readStoredDayRollups(ctx.prisma, {
    workspaceId,
    version: ANALYSIS_VERSION,
    day,
  });
  const diff = diffDayRollups(stored, rows);
  await yieldToEventLoop();
  return ctx.prisma.$transaction(async (tx) => {
    await preferIndexes(tx);
    await tx.$executeRawUnsafe(
      `INSERT INTO metric_days (workspace_id, analysis_version, day, responses, revision, updated_at)
         VALUES ($1, $2::int, $3::date, 0, 0, $4::timestamptz) ON CONFLICT DO NOTHING`,
      workspaceId,
      ANALYSIS_VERSION,
      day,
      ctx.clock.now().toISOString(),
    );
    const [locked] = await tx.$queryRawUnsafe<Array<{ revision: number }>>(
      `SELECT revision FROM metric_days
         WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date FOR UPDATE`,
      workspaceId,
      ANALYSIS_VERSION,
      day,
    );
    if (Number(locked?.revision) !== options.revision) return "day-changed";
    const subject = await loadAnalysisSubject(tx, workspaceId);
    if (fingerprintOf(subject, ctx.config.domainTaxonomy) !== options.fingerprint)
      return "subject-changed";
    await clearOtherVersions(tx, { workspaceId, day, keepVersion: ANALYSIS_VERSION });
    await applyRollupDiff(tx, {
      workspaceId,
      version: ANALYSIS_VERSION,
      day,
      diff,
      responses: options.answers.length,
    });
    // The revision moves only when the rows did: cached metrics of an unchanged day stay valid.
    await tx.$executeRawUnsafe(
      `UPDATE metric_days SET subject_fingerprint = $4, revision = revision + $5::int,
           updated_at = $6::timestamptz
         WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date`,
      workspaceId,
      ANALYSIS_VERSION,
      day,
      options.fingerprint,
      diffSize(diff) > 0 ? 1 : 0,
      ctx.clock.now().toISOString(),
    );
    return "done" as const;
  }, WRITE_TIMEOUTS);
}

/**
 * Plans this transaction's statements on indexes: they touch a page of
 * answers or a day, always by key, but the embedded database never runs
 * ANALYZE on its own and, without statistics, planned `response_id IN (...)`
 * as a scan of every stored mention.
 */
export async function preferIndexes(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
}
