import type { AppContext } from "../../context.js";
import { addDays, dayNumber, dayOf } from "../../days.js";
import { REFERENCE_DAYS } from "../../metrics/adaptive-confirmation.js";
import { CHANGE_WINDOW_DAYS } from "../metrics/day-changes.js";
import { latestDataDay } from "../metrics/latest-data-day.js";
import { loadVisibilitySeries } from "../metrics/load-entity-count-series.js";
import { findMetricsScope } from "../metrics/metrics-scope.js";
import { analysisState, seriesKeyOf, unsettledDays } from "./confirmation-state.js";
import { startConfirmations } from "./start-confirmations.js";
import { updateConfirmation } from "./update-confirmation.js";

/**
 * Adaptive sampling's bookkeeping after a workspace's rollups or a confirmation run changed
 * (the metric-changes-refresh job; docs/metrics.md, "Adaptive sampling"): every collecting
 * confirmation is brought up to date (`updateConfirmation`), and, when the workspace has a
 * confirmation budget, the borderline tests of its latest day of data start confirmations,
 * if that day is today's or yesterday's and no day the tests and plans read is unsettled (a
 * run unfinished, rollups still to re-analyse). Returns the ids started.
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
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (collecting.length === 0 && !budgeted) return [];
  const scope = await findMetricsScope(ctx, workspaceId);
  const latest = scope && (await latestDataDay(ctx.prisma, workspaceId, scope.version));
  if (!scope || !latest) return [];
  const from = addDays(latest, 1 - CHANGE_WINDOW_DAYS - REFERENCE_DAYS);
  const series = await loadVisibilitySeries({
    ctx,
    workspaceId,
    version: scope.version,
    entities: scope.entities,
    from,
    to: latest,
    filters: {},
  });
  const today = dayOf(ctx.clock.now());
  const analysis = await analysisState(ctx, workspaceId);
  const unsettled = await unsettledDays(
    ctx,
    workspaceId,
    { from, to: today > latest ? today : latest },
    analysis,
  );
  const prompts = await ctx.prisma.prompt.findMany({
    where: { workspaceId, active: true, category: { not: "brand_research" } },
    select: { id: true },
  });
  const now = {
    today,
    series: new Map(series.map((s) => [seriesKeyOf(s), s])),
    entityIds: new Set(scope.entities.map((e) => e.id)),
    countedPrompts: new Set(prompts.map((p) => p.id)),
    ...analysis,
    unsettledDays: unsettled,
  };
  const busy = new Set<string>();
  for (const confirmation of collecting) {
    const status = await updateConfirmation({ ctx, confirmation, now });
    if (status === "collecting") busy.add(confirmation.seriesKey);
  }
  if (!budgeted || dayNumber(latest) < dayNumber(today) - 1) return [];
  if ([...unsettled].some((day) => day <= latest)) return [];
  return startConfirmations({ ctx, workspaceId, series, day: latest, busy, analysis });
}
