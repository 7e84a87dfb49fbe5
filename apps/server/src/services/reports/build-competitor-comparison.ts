import { eachDay } from "../../days.js";
import type { ReportCell } from "../../reports/report-document.js";
import { getMetricsTimeSeries } from "../metrics/get-metrics-timeseries.js";
import { getWorkspaceMetrics } from "../metrics/get-workspace-metrics.js";
import type { ReportBody, ReportBuildInput } from "./report-build-input.js";
import { reportValues as v } from "./report-values.js";

/**
 * The brand against its competitors: the `to` day's share of voice and
 * visibility of every entity with intervals and the change since the previous
 * day with data (the metrics view), each entity on each engine that day, and
 * each entity's share of voice day by day (the time series).
 */
export async function buildCompetitorComparison(input: ReportBuildInput): Promise<ReportBody> {
  const { ctx, access, period } = input;
  const filters = { includeBrandResearch: false };
  const [metrics, series] = await Promise.all([
    getWorkspaceMetrics({ ctx, access, date: period.to, filters }),
    getMetricsTimeSeries({ ctx, access, from: period.from, to: period.to, filters }),
  ]);
  const day = metrics.scoreboard.date;
  const x = eachDay(period.from, period.to);
  const pooled = series.series.filter((s) => s.engine === "all");
  const perEngine = series.series.filter((s) => s.engine !== "all");
  const leader = [...metrics.shareOfVoice].sort((a, b) => b.value - a.value)[0];

  return {
    summary: [
      { label: "Day", value: day },
      { label: "Entities compared", value: String(metrics.shareOfVoice.length) },
      v.surfacesFigure(metrics.scoreboard.composite.surfaces),
      v.excludedFigure(metrics.scoreboard.excluded),
      ...(leader && leader.n > 0
        ? [
            {
              label: "Highest share of voice",
              value: `${leader.entity} ${v.percentText(leader.value)}`,
            },
          ]
        : []),
    ],
    sections: [
      {
        id: "entities",
        title: "Brand and competitors",
        description: `Every engine pooled, on ${day}, with 95% intervals and the change since the previous day with data (in points).`,
        table: {
          columns: [
            { key: "entity", label: "Entity", type: "text" },
            { key: "isSelf", label: "Brand", type: "text" },
            { key: "shareOfVoice", label: "Share of voice", type: "percent" },
            { key: "shareOfVoiceLow", label: "Share of voice 95% low", type: "percent" },
            { key: "shareOfVoiceHigh", label: "Share of voice 95% high", type: "percent" },
            { key: "visibility", label: "Visibility", type: "percent" },
            { key: "visibilityLow", label: "Visibility 95% low", type: "percent" },
            { key: "visibilityHigh", label: "Visibility 95% high", type: "percent" },
            { key: "comparedWith", label: "Compared with", type: "date" },
            { key: "delta", label: "Share of voice change (points)", type: "number" },
            { key: "significant", label: "Significant", type: "text" },
          ],
          rows: metrics.shareOfVoice.map((s): Record<string, ReportCell> => {
            const change = v.deltaCells(s.comparisons.previous, 100);
            return {
              entity: s.entity,
              isSelf: s.isSelf,
              shareOfVoice: v.percent(s.value),
              shareOfVoiceLow: v.percent(s.ciLow),
              shareOfVoiceHigh: v.percent(s.ciHigh),
              visibility: v.percent(s.visibility.value),
              visibilityLow: v.percent(s.visibility.ciLow),
              visibilityHigh: v.percent(s.visibility.ciHigh),
              comparedWith: change.comparedWith ?? null,
              delta: change.delta ?? null,
              significant: change.significant ?? null,
            };
          }),
        },
      },
      {
        id: "entity_engines",
        title: "Per engine",
        description: `Each entity on each engine on ${day} (point values).`,
        table: {
          columns: [
            { key: "entity", label: "Entity", type: "text" },
            { key: "engine", label: "Engine", type: "text" },
            { key: "responses", label: "Answers", type: "integer" },
            { key: "visibility", label: "Visibility", type: "percent" },
            { key: "shareOfVoice", label: "Share of voice", type: "percent" },
            { key: "citationShare", label: "Citation share", type: "percent" },
            { key: "averagePosition", label: "Average position", type: "number" },
          ],
          rows: perEngine.flatMap((s) => {
            const point = s.points.find((p) => p.date === day);
            if (!point || point.responses === 0) return [];
            return [
              {
                entity: s.entity,
                engine: s.engine,
                responses: point.responses,
                visibility: v.percent(point.visibility),
                shareOfVoice: v.percent(point.shareOfVoice),
                citationShare: v.percent(point.citationShare),
                averagePosition: point.averagePosition,
              },
            ];
          }),
        },
      },
      {
        id: "share_of_voice_trend",
        title: "Share of voice over the period",
        chart: {
          kind: "line",
          title: "Share of voice (%) per day",
          unit: "percent",
          x,
          series: pooled.map((s) => {
            const byDay = new Map(s.points.map((p) => [p.date, p]));
            return {
              name: s.entity,
              values: x.map((d) => {
                const p = byDay.get(d);
                return p && p.responses > 0 ? v.percent(p.shareOfVoice) : null;
              }),
            };
          }),
        },
        table: {
          columns: [
            { key: "date", label: "Day", type: "date" },
            { key: "entity", label: "Entity", type: "text" },
            { key: "shareOfVoice", label: "Share of voice", type: "percent" },
            { key: "visibility", label: "Visibility", type: "percent" },
          ],
          rows: x.flatMap((date) =>
            pooled.flatMap((s) => {
              const p = s.points.find((point) => point.date === date);
              if (!p || p.responses === 0) return [];
              return [
                {
                  date,
                  entity: s.entity,
                  shareOfVoice: v.percent(p.shareOfVoice),
                  visibility: v.percent(p.visibility),
                },
              ];
            }),
          ),
        },
      },
    ],
  };
}
