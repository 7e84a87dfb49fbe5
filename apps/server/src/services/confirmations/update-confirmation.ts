import type { MetricConfirmation, Prisma } from "@geopulse/db";
import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import {
  type ConfirmationDay,
  confirmationVerdict,
  followedCounts,
} from "../../metrics/adaptive-confirmation.js";
import type { ChangeSeries } from "../../metrics/detect-changes.js";
import {
  type ExpiredBecause,
  type LoggedDay,
  lastCountedDay,
  storedLog,
  storedPlan,
} from "./confirmation-state.js";

/** What a refresh knows of the workspace, shared by its confirmations. */
export interface WorkspaceNow {
  /** UTC today. */
  today: string;
  /** The pooled and per-engine visibility series, by `seriesKeyOf`. */
  series: ReadonlyMap<string, ChangeSeries>;
  /** Tracked entity ids (the brand's `self` and the competitors'). */
  entityIds: ReadonlySet<string>;
  /** Active prompts outside brand research: those the series count. */
  countedPrompts: ReadonlySet<string>;
  analysisVersion: number;
  subjectFingerprint: string;
  unfinishedDays: ReadonlySet<string>;
}

/**
 * Brings one collecting confirmation up to date (docs/metrics.md, "Adaptive sampling"): it
 * expires when what it compares no longer holds (the entity removed, the analysis changed, a
 * followed prompt deactivated or moved to brand research, or CONFIRMATION_MAX_CALENDAR_DAYS
 * passed); otherwise the fresh days after the last one logged are appended in order, each once
 * every run of that day has finished (a day is looked at once, with all its answers; answers
 * added to a logged day later are not counted), up to the first unfinished day, and the
 * verdict is taken on the log. Stored only while it is still collecting: a decision is final.
 * Returns its status.
 */
export async function updateConfirmation(options: {
  ctx: AppContext;
  confirmation: MetricConfirmation;
  now: WorkspaceNow;
}): Promise<string> {
  const { ctx, confirmation: c, now } = options;
  const plan = storedPlan(c);
  const expired = expiry(c, now);
  const log = expired ? storedLog(c) : await appendFreshDays(ctx, c, now);
  const verdict = confirmationVerdict(plan, log);
  const status = expired ? "expired" : verdict.status;
  const because: ExpiredBecause | null =
    expired ?? (verdict.status === "expired" ? "fresh_days" : null);
  const decidedOn =
    status === "collecting"
      ? null
      : expired
        ? now.today
        : (log[verdict.days - 1]?.date ?? now.today);
  const counted = log.slice(0, verdict.days);
  const data: Prisma.MetricConfirmationUpdateManyMutationInput = {
    status,
    expiredBecause: because,
    freshLog: log as unknown as Prisma.InputJsonArray,
    freshDays: verdict.days,
    freshAnswers: verdict.trials,
    extraAnswers: counted.reduce((s, d) => s + d.extra, 0),
    rate: verdict.rate,
    low: verdict.low,
    high: verdict.high,
    decidedOn: decidedOn ? new Date(`${decidedOn}T00:00:00.000Z`) : null,
    updatedAt: ctx.clock.now(),
  };
  await ctx.prisma.metricConfirmation.updateMany({
    where: { id: c.id, status: "collecting" },
    data,
  });
  return status;
}

function expiry(c: MetricConfirmation, now: WorkspaceNow): ExpiredBecause | null {
  if (!now.entityIds.has(c.entityId)) return "entity_removed";
  if (c.analysisVersion !== now.analysisVersion || c.subjectFingerprint !== now.subjectFingerprint)
    return "analysis_changed";
  if (c.promptIds.some((id) => !now.countedPrompts.has(id))) return "prompts_changed";
  if (now.today > lastCountedDay(storedPlan(c).date)) return "calendar_days";
  return null;
}

/** The log with the fresh days that are complete now appended, in order. */
async function appendFreshDays(
  ctx: AppContext,
  c: MetricConfirmation,
  now: WorkspaceNow,
): Promise<LoggedDay[]> {
  const plan = storedPlan(c);
  const log = storedLog(c);
  const after = log.at(-1)?.date ?? plan.date;
  const last = lastCountedDay(plan.date);
  const followed = new Set(c.promptIds);
  const days = new Map<string, LoggedDay>();
  for (const day of now.series.get(c.seriesKey)?.days ?? []) {
    const counts = day.date > after && day.date <= last ? followedCounts(day, followed) : null;
    if (counts) days.set(day.date, { ...counts, extra: 0 });
  }
  for (const e of await extraCounts(ctx, c)) {
    if (e.date <= after || e.date > last) continue;
    const day = days.get(e.date) ?? { date: e.date, successes: 0, trials: 0, extra: 0 };
    days.set(e.date, {
      date: e.date,
      successes: day.successes + e.successes,
      trials: day.trials + e.trials,
      extra: day.extra + e.trials,
    });
  }
  const appended = [...log];
  for (const day of [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1))) {
    if (now.unfinishedDays.has(day.date)) break;
    if (day.trials > 0) appended.push(day);
  }
  return appended;
}

/**
 * A confirmation's extra answers per rollup day (its runs' UTC creation day): answered, at the
 * current analysis version, and those naming its entity.
 */
async function extraCounts(ctx: AppContext, c: MetricConfirmation): Promise<ConfirmationDay[]> {
  return ctx.prisma.$queryRawUnsafe<ConfirmationDay[]>(
    `SELECT to_char((ru.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS date,
       count(*)::int AS trials,
       count(*) FILTER (WHERE EXISTS (SELECT 1 FROM response_mentions m
         WHERE m.response_id = r.id AND m.entity_id = $3
           AND m.analysis_version = $4::int))::int AS successes
     FROM runs ru JOIN engine_responses r ON r.run_id = ru.id AND r.status = 'succeeded'
       AND r.analysis_version = $4::int
     WHERE ru.workspace_id = $1 AND ru.confirmation_id = $2
     GROUP BY 1`,
    c.workspaceId,
    c.id,
    c.entityId,
    ANALYSIS_VERSION,
  );
}
