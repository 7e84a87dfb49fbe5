import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { fingerprintOf, loadAnalysisSubject } from "./analysis-subject.js";
import { type AnalysedAnswer, buildRollupRows } from "./rollup-rows.js";
import { addRollupRows, clearRollupDay } from "./write-rollups.js";

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
 * mentions) happened before, outside it; this checks that nothing it relied on
 * moved meanwhile (the revision, which every writer of the day bumps, and the
 * subject) and otherwise only deletes and inserts the day's rollup rows.
 */
export async function swapDayRollups(options: SwapDayRollupsOptions): Promise<SwapOutcome> {
  const { ctx, workspaceId, day } = options;
  const rows = buildRollupRows(options.answers);
  return ctx.prisma.$transaction(
    async (tx) => {
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
      await clearRollupDay(tx, { workspaceId, day, keepVersion: ANALYSIS_VERSION });
      await addRollupRows(tx, { workspaceId, version: ANALYSIS_VERSION, rows });
      await tx.$executeRawUnsafe(
        `UPDATE metric_days SET subject_fingerprint = $4, revision = revision + 1,
           updated_at = $5::timestamptz
         WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date`,
        workspaceId,
        ANALYSIS_VERSION,
        day,
        options.fingerprint,
        ctx.clock.now().toISOString(),
      );
      return "done" as const;
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
}
