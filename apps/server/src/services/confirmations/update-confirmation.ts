import type { MetricConfirmation, Prisma } from "@geopulse/db";
import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { addDays, dayStart, eachDay } from "../../days.js";
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
  /** Days with an unfinished run or rollups still to re-analyse (`unsettledDays`). */
  unsettledDays: ReadonlySet<string>;
}

/**
 * Brings one collecting confirmation up to date (docs/metrics.md, "Adaptive sampling"): it
 * expires when what it compares no longer holds (the entity removed, the analysis changed, a
 * followed prompt deactivated or moved to brand research); otherwise the calendar days after
 * the last one logged, up to today and at most CONFIRMATION_MAX_CALENDAR_DAYS after the
 * borderline day, are walked in order up to the first unsettled one, each day with answers
 * appended (a day is looked at once, with all its answers; answers added to a logged day
 * later are not counted), and the verdict is taken on the log. Past the last countable day,
 * one still collecting expires, unless a day before it is unsettled (the sweep's backstop
 * ends that). Stored only if still collecting and its log unchanged since it was read (a
 * decision is final, and a refresh that read an older log never writes over a newer one).
 * Returns its status.
 */
export async function updateConfirmation(options: {
  ctx: AppContext;
  confirmation: MetricConfirmation;
  now: WorkspaceNow;
}): Promise<string> {
  const { ctx, confirmation: c, now } = options;
  const plan = storedPlan(c);
  const changed = changedBasis(c, now);
  const { log, blocked } = changed
    ? { log: storedLog(c), blocked: false }
    : await appendFreshDays(ctx, c, now);
  const verdict = confirmationVerdict(plan, log);
  const overdue =
    verdict.status === "collecting" && !blocked && now.today > lastCountedDay(plan.date);
  const expired: ExpiredBecause | null = changed ?? (overdue ? "calendar_days" : null);
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
    decidedOn: decidedOn ? dayStart(decidedOn) : null,
    updatedAt: ctx.clock.now(),
  };
  const { count } = await ctx.prisma.metricConfirmation.updateMany({
    where: { id: c.id, status: "collecting", freshLog: { equals: c.freshLog ?? [] } },
    data,
  });
  return count > 0 ? status : "collecting";
}

/** Why what the confirmation compares no longer holds, or null. */
function changedBasis(c: MetricConfirmation, now: WorkspaceNow): ExpiredBecause | null {
  if (!now.entityIds.has(c.entityId)) return "entity_removed";
  if (c.analysisVersion !== now.analysisVersion || c.subjectFingerprint !== now.subjectFingerprint)
    return "analysis_changed";
  if (c.promptIds.some((id) => !now.countedPrompts.has(id))) return "prompts_changed";
  return null;
}

/**
 * The log with the settled days after it appended, in order; `blocked` when an unsettled day
 * stopped the walk before the last countable day.
 */
async function appendFreshDays(
  ctx: AppContext,
  c: MetricConfirmation,
  now: WorkspaceNow,
): Promise<{ log: LoggedDay[]; blocked: boolean }> {
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
  const end = now.today < last ? now.today : last;
  for (const date of after < end ? eachDay(addDays(after, 1), end) : []) {
    if (now.unsettledDays.has(date)) return { log: appended, blocked: true };
    const day = days.get(date);
    if (day && day.trials > 0) appended.push(day);
  }
  return { log: appended, blocked: false };
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
