import type { MetricConfirmation } from "@geopulse/db";
import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { addDays, dayOf } from "../../days.js";
import type { ConfirmationDay, ConfirmationPlan } from "../../metrics/adaptive-confirmation.js";
import { loadAnalysisSubject } from "../analysis/analysis-subject.js";

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

export const storedLog = (c: MetricConfirmation): LoggedDay[] =>
  c.freshLog as unknown as LoggedDay[];

/**
 * What the workspace's answers are analysed with now: ANALYSIS_VERSION and the analysis
 * subject's fingerprint. A confirmation started under others expires: re-analysis rewrites the
 * days it compares (an added alias raises every rate) and its extra answers keep their analysis.
 */
export async function analysisState(ctx: AppContext, workspaceId: string) {
  const subject = await loadAnalysisSubject(ctx.prisma, workspaceId);
  const analyzer = ctx.analyzers.analyzerFor(subject, ctx.config.domainTaxonomy);
  return { analysisVersion: ANALYSIS_VERSION, subjectFingerprint: analyzer.fingerprint };
}

/**
 * The UTC days on which a run of the workspace is unfinished: their answers are not all in, so
 * no confirmation counts or tests them yet.
 */
export async function unfinishedRunDays(
  ctx: AppContext,
  workspaceId: string,
): Promise<Set<string>> {
  const rows = await ctx.prisma.$queryRawUnsafe<Array<{ day: string }>>(
    `SELECT DISTINCT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day
     FROM runs WHERE workspace_id = $1 AND finished_at IS NULL`,
    workspaceId,
  );
  return new Set(rows.map((r) => r.day));
}
