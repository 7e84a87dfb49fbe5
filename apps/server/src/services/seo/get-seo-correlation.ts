import type { SeoCorrelation } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { eachDay } from "../../days.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { spearmanCorrelation } from "../../metrics/rank-correlation.js";
import { getMetricsTimeSeries } from "../metrics/get-metrics-timeseries.js";
import { seoRange } from "./seo-range.js";

export interface GetSeoCorrelationOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  from?: string | undefined;
  to?: string | undefined;
}

const note =
  "A rank correlation over days between the brand's visibility in AI answers and sessions referred by AI engines: modelled, not measured attribution. Sessions from engines that strip the referrer, and AI Overviews clicks, are not counted.";

/**
 * The brand's daily visibility (every engine pooled, as the metrics time series gives it) next
 * to the day's AI referral sessions, and their Spearman correlation over the days that have
 * both: answers that day and GA4 pulled for it by a succeeded refresh (a day never pulled is
 * unknown, not zero traffic).
 */
export async function getSeoCorrelation({
  ctx,
  workspace,
  from,
  to,
}: GetSeoCorrelationOptions): Promise<SeoCorrelation> {
  const range = seoRange({ now: ctx.clock.now(), from, to, in: "query" });
  const [timeseries, sessions, refreshes] = await Promise.all([
    getMetricsTimeSeries({ ctx, access: workspace, ...range, entity: "self", filters: {} }),
    ctx.prisma.seoTrafficRow.groupBy({
      by: ["date"],
      where: {
        workspaceId: workspace.id,
        date: { gte: range.from, lte: range.to },
        aiEngine: { not: null },
      },
      _sum: { sessions: true },
    }),
    ctx.prisma.seoRefresh.findMany({
      where: {
        workspaceId: workspace.id,
        status: "succeeded",
        sources: { has: "analytics" },
        fromDate: { lte: range.to },
        toDate: { gte: range.from },
      },
      select: { fromDate: true, toDate: true },
    }),
  ]);
  const self = timeseries.series.find((s) => s.isSelf && s.engine === "all");
  const visibility = new Map(self?.points.map((p) => [p.date, p]) ?? []);
  const aiSessions = new Map(sessions.map((s) => [s.date, s._sum.sessions ?? 0]));
  const pulled = (date: string) => refreshes.some((r) => r.fromDate <= date && date <= r.toDate);

  // At most the metrics' 366 days (getMetricsTimeSeries refused a longer range above).
  const days: SeoCorrelation["days"] = eachDay(range.from, range.to).map((date) => {
    const point = visibility.get(date);
    return {
      date,
      counted: point !== undefined && pulled(date),
      answers: Math.round(point?.responses ?? 0),
      visibility: point?.visibility ?? null,
      aiSessions: aiSessions.get(date) ?? 0,
    };
  });
  const counted = days.filter((d) => d.counted);
  const result = spearmanCorrelation(
    counted.map((d) => d.visibility as number),
    counted.map((d) => d.aiSessions),
  );
  return {
    workspace: workspace.slug,
    ...range,
    basis: "modeled",
    note,
    n: counted.length,
    spearman: "rho" in result ? result.rho : null,
    interval:
      "rho" in result
        ? { level: 0.95, method: "fisher_z", lower: result.lower, upper: result.upper }
        : null,
    reason: "reason" in result ? result.reason : null,
    days,
  };
}
