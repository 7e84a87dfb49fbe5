import type { MetricConfirmation, Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { addDays, dayNumber, dayOf } from "../../days.js";
import { newId } from "../../ids.js";
import {
  BORDERLINE_P_VALUE,
  type ConfirmationDay,
  type ConfirmationPlan,
  confirmationVerdict,
  followedCounts,
  planConfirmation,
  REFERENCE_DAYS,
} from "../../metrics/adaptive-confirmation.js";
import { type ChangeSeries, detectChangesInSteps } from "../../metrics/detect-changes.js";
import { runInSlices } from "../analysis/cpu-slices.js";
import { CHANGE_WINDOW_DAYS } from "../metrics/day-changes.js";
import { loadVisibilitySeries } from "../metrics/load-visibility-series.js";
import { findMetricsScope } from "../metrics/metrics-scope.js";

/** Confirmations a workspace collects at once (the smallest p-values first). */
export const MAX_COLLECTING_CONFIRMATIONS = 3;
/**
 * Calendar days after its borderline day a confirmation may collect: one whose runs stopped
 * (schedule off, budget spent) expires then. Stopping without confirming never inflates the
 * error rate.
 */
export const CONFIRMATION_MAX_CALENDAR_DAYS = 21;

export const seriesKeyOf = (s: { entityId: string; engine: string | null }) =>
  `${s.entityId}/${s.engine ?? "all"}`;

/**
 * Adaptive sampling's bookkeeping after a workspace's rollups or a confirmation run changed
 * (the metric-changes-refresh job; docs/metrics.md, "Adaptive sampling"): the verdict of every
 * collecting confirmation is taken again on its fresh days (the measurement's answers of its
 * followed prompts plus its confirmation runs' extra answers), and, when the workspace has a
 * confirmation budget, a borderline test on its latest day of data (today's or yesterday's)
 * starts a confirmation on a series with none under way. Returns the ids started.
 */
export async function refreshConfirmations(options: {
  ctx: AppContext;
  workspaceId: string;
}): Promise<string[]> {
  const { ctx, workspaceId } = options;
  const workspace = await ctx.prisma.workspace.findUnique({
    where: { id: workspaceId },
    select: { confirmationBudgetMicrousd: true },
  });
  if (!workspace) return [];
  const budgeted = (workspace.confirmationBudgetMicrousd ?? 0n) > 0n;
  const collecting = await ctx.prisma.metricConfirmation.findMany({
    where: { workspaceId, status: "collecting" },
    orderBy: { createdAt: "asc" },
  });
  if (collecting.length === 0 && !budgeted) return [];
  const scope = await findMetricsScope(ctx, workspaceId);
  const latest = scope && (await latestDay(ctx, workspaceId, scope.version));
  if (!scope || !latest) return [];
  const series = await loadVisibilitySeries({
    ctx,
    workspaceId,
    version: scope.version,
    entities: scope.entities,
    from: addDays(latest, 1 - CHANGE_WINDOW_DAYS - REFERENCE_DAYS),
    to: latest,
    filters: {},
  });
  const byKey = new Map(series.map((s) => [seriesKeyOf(s), s]));
  const today = dayOf(ctx.clock.now());
  const busy = new Set<string>();
  for (const c of collecting) {
    const status = await updateVerdict(ctx, c, byKey.get(c.seriesKey), today);
    if (status === "collecting") busy.add(c.seriesKey);
  }
  if (!budgeted || dayNumber(latest) < dayNumber(today) - 1) return [];
  return startConfirmations({ ctx, workspaceId, series, latest, busy });
}

async function latestDay(ctx: AppContext, workspaceId: string, version: number) {
  const [row] = await ctx.prisma.$queryRawUnsafe<Array<{ last: string | null }>>(
    `SELECT to_char(max(day), 'YYYY-MM-DD') AS last FROM metric_days
     WHERE workspace_id = $1 AND analysis_version = $2::int AND responses > 0`,
    workspaceId,
    version,
  );
  return row?.last ?? null;
}

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

/**
 * Takes the verdict of a collecting confirmation on its fresh days and stores it (only while
 * it is still collecting: a decision is final). Returns its status.
 */
async function updateVerdict(
  ctx: AppContext,
  c: MetricConfirmation,
  series: ChangeSeries | undefined,
  today: string,
): Promise<string> {
  const plan = storedPlan(c);
  const followed = new Set(c.promptIds);
  const fresh = new Map<string, ConfirmationDay & { extra: number }>();
  for (const day of series?.days ?? []) {
    const counts = day.date > plan.date ? followedCounts(day, followed) : null;
    if (counts) fresh.set(day.date, { ...counts, extra: 0 });
  }
  for (const e of await extraCounts(ctx, c)) {
    const day = fresh.get(e.date) ?? { date: e.date, successes: 0, trials: 0, extra: 0 };
    fresh.set(e.date, {
      ...day,
      successes: day.successes + e.successes,
      trials: day.trials + e.trials,
      extra: day.extra + e.trials,
    });
  }
  const days = [...fresh.values()]
    .filter((d) => d.date > plan.date && d.trials > 0)
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  const verdict = confirmationVerdict(plan, days);
  const counted = days.slice(0, verdict.days);
  let status: string = verdict.status;
  let decidedOn: string | null =
    verdict.status === "collecting" ? null : (counted.at(-1)?.date ?? null);
  if (
    status === "collecting" &&
    dayNumber(today) - dayNumber(plan.date) > CONFIRMATION_MAX_CALENDAR_DAYS
  ) {
    status = "expired";
    decidedOn = today;
  }
  const data: Prisma.MetricConfirmationUpdateManyMutationInput = {
    status,
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

/** A confirmation's extra answers per rollup day (its runs' UTC creation day). */
async function extraCounts(ctx: AppContext, c: MetricConfirmation): Promise<ConfirmationDay[]> {
  return ctx.prisma.$queryRawUnsafe<ConfirmationDay[]>(
    `SELECT to_char((ru.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS date,
       count(*)::int AS trials,
       count(*) FILTER (WHERE EXISTS (SELECT 1 FROM response_mentions m
         WHERE m.response_id = r.id AND m.entity_id = $3))::int AS successes
     FROM runs ru JOIN engine_responses r ON r.run_id = ru.id AND r.status = 'succeeded'
     WHERE ru.workspace_id = $1 AND ru.confirmation_id = $2
     GROUP BY 1`,
    c.workspaceId,
    c.id,
    c.entityId,
  );
}

/**
 * Starts a confirmation for each borderline test of the latest day (smallest p first) whose
 * series has none under way, while fewer than MAX_COLLECTING_CONFIRMATIONS collect. The
 * unique (workspace, series, day) makes a repeated refresh a no-op.
 */
async function startConfirmations(options: {
  ctx: AppContext;
  workspaceId: string;
  series: ChangeSeries[];
  latest: string;
  busy: Set<string>;
}): Promise<string[]> {
  const { ctx, workspaceId, series, latest, busy } = options;
  const { borderline } = await runInSlices(
    detectChangesInSteps({ series, borderlineP: BORDERLINE_P_VALUE }),
  );
  const candidates = borderline
    .filter((b) => b.date === latest && !busy.has(seriesKeyOf(b)))
    .sort((a, b) => a.pValue - b.pValue);
  const now = ctx.clock.now();
  const started: string[] = [];
  for (const b of candidates) {
    if (busy.size >= MAX_COLLECTING_CONFIRMATIONS) break;
    const key = seriesKeyOf(b);
    const s = series.find((x) => seriesKeyOf(x) === key);
    const plan = s && planConfirmation(b, s);
    if (!plan) continue;
    const engines =
      b.engine !== null
        ? [b.engine]
        : series
            .filter(
              (x) =>
                x.entityId === b.entityId &&
                x.engine !== null &&
                x.days.some((d) => d.date === latest && d.trials > 0),
            )
            .map((x) => x.engine as string)
            .sort();
    const id = newId("cnf", ctx.clock);
    const { count } = await ctx.prisma.metricConfirmation.createMany({
      data: [
        {
          id,
          workspaceId,
          entityId: b.entityId,
          engine: b.engine,
          seriesKey: key,
          day: new Date(`${b.date}T00:00:00.000Z`),
          direction: b.direction,
          pValue: b.pValue,
          promptIds: plan.promptIds,
          engines,
          reference: plan.reference as unknown as Prisma.InputJsonObject,
          status: "collecting",
          referenceBound: confirmationVerdict(plan, []).referenceBound,
          createdAt: now,
          updatedAt: now,
        },
      ],
      skipDuplicates: true,
    });
    if (count === 0) continue;
    busy.add(key);
    started.push(id);
  }
  if (started.length > 0) ctx.logger.info({ workspaceId, started }, "confirmations started");
  return started;
}
