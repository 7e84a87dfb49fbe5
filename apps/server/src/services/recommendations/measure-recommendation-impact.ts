import { isDeepStrictEqual } from "node:util";
import type { RecommendationMetric } from "@geopulse/api-types";
import { Prisma } from "@geopulse/db";
import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { addDays, dayOf, eachDay } from "../../days.js";
import { newId } from "../../ids.js";
import {
  IMPACT_WINDOW_DAYS,
  type ImpactDelta,
  type ImpactMetric,
  type ImpactVerdict,
  type ImpactWindows,
  isImpactMetric,
  measureImpact,
  type RatioCell,
  type TargetEstimate,
} from "../../metrics/recommendation-impact.js";
import { currentRollupRowsSql } from "../analysis/rollup-tables.js";
import { loadImpactCells } from "./load-impact-cells.js";

/** What the measurement of one recommendation did. */
export interface ImpactOutcome {
  recommendationId: string;
  verdict: ImpactVerdict;
  /** The verdict differs from the stored one (a `measure` history entry was written). */
  changed: boolean;
  /** The later day compared with the baseline's, or null. */
  day: string | null;
}

/**
 * Measures a `done` recommendation's impact (docs/recommendations.md,
 * "Impact"): its metric on the target's prompts and engines, recomputed from
 * the rollups, over the week ending on the baseline day (the stored
 * baseline's `date`) against the week ending on the latest later day with
 * answers on them (its days after the day it was marked done), by the test on
 * the days' rates; with fewer than MIN_IMPACT_WINDOW_DAYS days on a side, the
 * baseline day against the later day by the paired cluster bootstrap of the
 * metrics' deltas, seeded by the recommendation id and both days (the same
 * data gives the same answer).
 * Stores `current`, `delta` and the verdict in one short transaction, guarded
 * by the status (a recommendation that is no longer `done` is left alone);
 * the stored baseline is kept for display (restated once in the measured
 * metric when the kind is measured on another metric than its evidence's,
 * see `impactMetricOf`); the target's cells come from `loadImpactCells`
 * (rollups or stored answers, by metric); an unchanged measurement writes
 * nothing. A verdict that changes adds a
 * `measure` entry to the history (actor `system`). Null when the
 * recommendation is not `done` or has no baseline.
 */
export async function measureRecommendationImpact(options: {
  ctx: AppContext;
  workspaceId: string;
  recommendationId: string;
}): Promise<ImpactOutcome | null> {
  const { ctx, workspaceId, recommendationId } = options;
  const rec = await ctx.prisma.recommendation.findFirst({
    where: { id: recommendationId, workspaceId, status: "done" },
  });
  if (!rec?.impactBaseline || !rec.doneAt) return null;
  const stored = rec.impactBaseline as unknown as RecommendationMetric;
  const metric = impactMetricOf(rec.kind, stored.name);
  const target = { promptIds: rec.promptIds, engines: rec.engines, domain: rec.domain };
  const doneDay = dayOf(rec.doneAt);
  const after = await latestDayAfter(ctx, workspaceId, target, maxDay(stored.date, doneDay));
  const seed = `${rec.id}:${stored.date}:${after ?? "-"}`;
  const span = impactWindows(stored.date, maxDay(stored.date, doneDay), after);
  const days = metric
    ? await loadImpactCells({
        ctx,
        workspaceId,
        metric,
        target,
        days: [...span.before, ...span.after],
      })
    : new Map<string, RatioCell[]>();
  const pick = (list: readonly string[]) =>
    new Map(list.flatMap((d) => (days.has(d) ? [[d, days.get(d) ?? []] as const] : [])));
  const windows: ImpactWindows = { before: pick(span.before), after: pick(span.after) };
  const m = measureImpact({
    metric: metric ?? stored.name,
    before: days.get(stored.date) ?? [],
    after: after ? (days.get(after) ?? []) : [],
    windows,
    seed,
  });
  const name = metric ?? stored.name;
  const current = after && m.current ? toMetric(name, m.current, after) : null;
  const delta = m.delta ? toDelta(m.delta) : null;
  // A kind measured on another metric than its evidence's (earn_citation) restates the
  // baseline in the measured metric, on the baseline day, once that day can be measured.
  const baseline =
    name !== stored.name && m.baseline ? toMetric(name, m.baseline, stored.date) : stored;
  const previous = rec.impactVerdict ?? "not_enough_data";
  const changed = previous !== m.verdict;
  // The same measurement as stored: nothing to write (no update, no cache notice).
  const same =
    !changed &&
    baseline === stored &&
    isDeepStrictEqual(rec.impactCurrent ?? null, current) &&
    isDeepStrictEqual(rec.impactDelta ?? null, delta);
  if (same) return { recommendationId: rec.id, verdict: m.verdict, changed, day: after };
  const now = ctx.clock.now();
  await ctx.prisma.$transaction(async (tx) => {
    const updated = await tx.recommendation.updateMany({
      where: { id: rec.id, status: "done" },
      data: {
        ...(baseline === stored
          ? {}
          : { impactBaseline: baseline as unknown as Prisma.InputJsonValue }),
        impactCurrent: current ? (current as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
        impactDelta: delta ? (delta as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
        impactVerdict: m.verdict,
        updatedAt: now,
      },
    });
    if (updated.count !== 1 || !changed) return;
    await tx.recommendationTransition.create({
      data: {
        id: newId("rtr", ctx.clock),
        recommendationId: rec.id,
        action: "measure",
        fromStatus: "done",
        toStatus: "done",
        reason: null,
        note: impactNote(previous, m.verdict, m.delta, stored.date, after),
        actorType: "system",
        actorId: null,
        createdAt: now,
      },
    });
  });
  return { recommendationId: rec.id, verdict: m.verdict, changed, day: after };
}

const maxDay = (a: string, b: string) => (a > b ? a : b);

/**
 * The calendar days of both windows: the IMPACT_WINDOW_DAYS ending on the
 * baseline day, and those ending on the later day that are after `cutoff`
 * (the later of the baseline day and the day marked done: that day mixes
 * answers from before and after the action).
 */
function impactWindows(
  baselineDay: string,
  cutoff: string,
  later: string | null,
): { before: string[]; after: string[] } {
  const before = eachDay(addDays(baselineDay, 1 - IMPACT_WINDOW_DAYS), baselineDay);
  if (!later) return { before, after: [] };
  const from = maxDay(addDays(later, 1 - IMPACT_WINDOW_DAYS), addDays(cutoff, 1));
  return { before, after: eachDay(from, later) };
}

/**
 * The metric a kind's impact is measured on: its evidence metric, except
 * `earn_citation` (its evidence, the domain's citation rate in answers without
 * the brand, says where to act, not whether it worked): `co_citation_rate`.
 * Null for a metric no impact measurement knows.
 */
function impactMetricOf(kind: string, evidenceMetric: string): ImpactMetric | null {
  if (kind === "earn_citation") return "co_citation_rate";
  return isImpactMetric(evidenceMetric) ? evidenceMetric : null;
}

/** The latest day after `after` with answers on the target's prompts and engines, or null. */
async function latestDayAfter(
  ctx: AppContext,
  workspaceId: string,
  target: { promptIds: readonly string[]; engines: readonly string[] },
  after: string,
): Promise<string | null> {
  const params: unknown[] = [workspaceId, ANALYSIS_VERSION, after];
  const inList = (values: readonly string[]) => values.map((v) => `$${params.push(v)}`).join(", ");
  const prompts = target.promptIds.length ? `AND prompt_id IN (${inList(target.promptIds)})` : "";
  const engines = target.engines.length ? `AND engine IN (${inList(target.engines)})` : "";
  const [row] = await ctx.prisma.$queryRawUnsafe<Array<{ day: string | null }>>(
    `SELECT to_char(max(day), 'YYYY-MM-DD') AS day
     FROM ${currentRollupRowsSql("metric_cells", "d.day > $3::date")} AS t
     WHERE responses > 0 AND category <> 'brand_research' ${prompts} ${engines}`,
    ...params,
  );
  return row?.day ?? null;
}

function toMetric(name: string, e: TargetEstimate, date: string): RecommendationMetric {
  return { name, value: e.value, ciLow: e.ciLow, ciHigh: e.ciHigh, n: e.n, date };
}

function toDelta(d: ImpactDelta) {
  return {
    delta: d.delta,
    ciLow: d.ciLow,
    ciHigh: d.ciHigh,
    significant: d.significant,
    method: d.method,
    windows: d.windows,
  };
}

/**
 * "Impact not_enough_data → improved: +6.1 pt (95% +1.2 to +11.0), 2026-03-02..2026-03-08 vs
 * 2026-02-23..2026-03-01" (the windows compared; the two days without them).
 */
function impactNote(
  from: string,
  to: ImpactVerdict,
  delta: ImpactDelta | null,
  baselineDay: string,
  day: string | null,
): string {
  const pt = (x: number) => `${x >= 0 ? "+" : ""}${(100 * x).toFixed(1)}`;
  const change = delta
    ? `: ${pt(delta.delta)} pt (95% ${pt(delta.ciLow)} to ${pt(delta.ciHigh)})`
    : "";
  const w = delta?.windows;
  const days = w
    ? `, ${w.after.from}..${w.after.to} vs ${w.before.from}..${w.before.to}`
    : day
      ? `, ${day} vs ${baselineDay}`
      : "";
  return `Impact ${from} → ${to}${change}${days}`;
}
