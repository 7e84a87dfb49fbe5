import type { MetricConfirmation } from "@geopulse/db";
import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { addDays, dayOf } from "../../days.js";
import type { ConfirmationDay, ConfirmationPlan } from "../../metrics/adaptive-confirmation.js";
import { fingerprintOf, loadAnalysisSubject } from "../analysis/analysis-subject.js";
import { listStaleDays } from "../analysis/list-stale-days.js";

/**
 * Calendar days after its borderline day a confirmation may collect: one whose runs stopped
 * (schedule off, budget spent) expires then. Stopping without confirming never inflates the
 * error rate.
 */
export const CONFIRMATION_MAX_CALENDAR_DAYS = 21;

/** Why a confirmation expired (`MetricConfirmation.expiredBecause`). */
export type ExpiredBecause =
  | "fresh_days"
  | "calendar_days"
  | "analysis_changed"
  | "prompts_changed"
  | "entity_removed";

/** A fresh day as the log keeps it: its counts, `extra` of them from confirmation runs. */
export interface LoggedDay extends ConfirmationDay {
  extra: number;
}

export const seriesKeyOf = (s: { entityId: string; engine: string | null }) =>
  `${s.entityId}/${s.engine ?? "all"}`;

/** The last calendar day whose answers a confirmation of `day` counts. */
export const lastCountedDay = (day: string) => addDays(day, CONFIRMATION_MAX_CALENDAR_DAYS);

/** The stored confirmation's plan. */
export function storedPlan(c: MetricConfirmation): ConfirmationPlan {
  return {
    entityId: c.entityId,
    engine: c.engine,
    date: dayOf(c.day),
    direction: c.direction as ConfirmationPlan["direction"],
    promptIds: c.promptIds,
    reference: c.reference as unknown as ConfirmationPlan["reference"],
  };
}

export const storedLog = (c: Pick<MetricConfirmation, "freshLog">): LoggedDay[] =>
  c.freshLog as unknown as LoggedDay[];

/**
 * What the workspace's answers are analysed with now: ANALYSIS_VERSION and the fingerprint of
 * the analysis subject (brand, competitors, terms, and the operator's domain taxonomy). A
 * confirmation started under others expires: re-analysis rewrites the days it compares (an
 * added alias raises every rate) and its extra answers keep their analysis.
 */
export async function analysisState(ctx: AppContext, workspaceId: string) {
  const subject = await loadAnalysisSubject(ctx.prisma, workspaceId);
  return {
    analysisVersion: ANALYSIS_VERSION,
    subjectFingerprint: fingerprintOf(subject, ctx.config.domainTaxonomy),
  };
}

/**
 * The UTC days within `from`..`to` that are not settled: a run of the workspace created that
 * day is unfinished (its answers are not all in), or the day's rollups were not all made at the
 * current analysis version with the current subject (a re-analysis is still to redo them). No
 * confirmation counts or tests such a day yet.
 */
export async function unsettledDays(
  ctx: AppContext,
  workspaceId: string,
  range: { from: string; to: string },
  analysis: { subjectFingerprint: string },
): Promise<Set<string>> {
  const running = await ctx.prisma.$queryRawUnsafe<Array<{ day: string }>>(
    `SELECT DISTINCT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day
     FROM runs WHERE workspace_id = $1 AND finished_at IS NULL
       AND created_at >= $2::date AND created_at < $3::date + 1`,
    workspaceId,
    range.from,
    range.to,
  );
  const stale = await listStaleDays({
    db: ctx.prisma,
    workspaceId,
    fingerprint: analysis.subjectFingerprint,
    range,
  });
  return new Set([...running.map((r) => r.day), ...stale]);
}
