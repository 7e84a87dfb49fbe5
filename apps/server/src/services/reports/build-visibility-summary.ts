import type { DeltaComparisons } from "@geopulse/api-types";
import { eachDay } from "../../days.js";
import type { ReportCell } from "../../reports/report-document.js";
import { getMetricsTimeSeries } from "../metrics/get-metrics-timeseries.js";
import { getWorkspaceMetrics } from "../metrics/get-workspace-metrics.js";
import { getWorkspaceScoreboard } from "../metrics/get-workspace-scoreboard.js";
import type { ReportBody, ReportBuildInput } from "./report-build-input.js";
import { reportValues as v } from "./report-values.js";

const comparisonNames = ["previous", "7d", "28d"] as const;

/**
 * The visibility summary: the `to` day's metrics view (exactly what
 * `GET .../metrics?date=<to>` answers: composite with its interval, share of
 * voice with intervals, the engines, the deltas with their significance), and
 * the composite of each day of the period with data, with its interval (the
 * scoreboard of that day).
 */
export async function buildVisibilitySummary(input: ReportBuildInput): Promise<ReportBody> {
  const { ctx, access, period } = input;
  const filters = { includeBrandResearch: false };
  const [metrics, series] = await Promise.all([
    getWorkspaceMetrics({ ctx, access, date: period.to, filters }),
    getMetricsTimeSeries({
      ctx,
      access,
      from: period.from,
      to: period.to,
      entity: "self",
      filters,
    }),
  ]);
  const composite = metrics.scoreboard.composite;
  const pooled = series.series.find((s) => s.entityId === "self" && s.engine === "all");
  const dataDays = (pooled?.points ?? []).filter((p) => p.responses > 0).map((p) => p.date);
  // One scoreboard a day with data: the composite's interval, as the API answers it for that day.
  const daily = [];
  for (const date of dataDays) {
    const board = await getWorkspaceScoreboard({ ctx, access, date, filters });
    daily.push({ date, composite: board.composite });
  }
  // The composite of each surface read apart, so a pooled composite is never the only one.
  const bySurface = [];
  for (const surface of composite.surfaces) {
    const board = await getWorkspaceScoreboard({
      ctx,
      access,
      date: period.to,
      filters: { ...filters, surface },
    });
    bySurface.push({ surface, composite: board.composite });
  }
  const brandShare = metrics.shareOfVoice.find((s) => s.isSelf);
  const x = eachDay(period.from, period.to);
  const byDay = new Map(daily.map((d) => [d.date, d.composite]));
  const pointOf = new Map((pooled?.points ?? []).map((p) => [p.date, p]));
  const deltaRows = (comparisons: DeltaComparisons) =>
    comparisonNames.map((name) => ({ comparison: name, ...v.deltaCells(comparisons[name]) }));

  return {
    summary: [
      {
        label: "Composite",
        value: v.withInterval(composite.value, composite.ciLow, composite.ciHigh),
        detail: `${metrics.scoreboard.date}, ${composite.n} answers`,
      },
      ...(brandShare
        ? [
            {
              label: "Share of voice",
              value: v.withInterval(
                v.percent(brandShare.value),
                v.percent(brandShare.ciLow),
                v.percent(brandShare.ciHigh),
                "%",
              ),
            },
            { label: "Visibility", value: v.percentText(brandShare.visibility.value) },
          ]
        : []),
      v.deltaFigure("Change since the previous day with data", composite.comparisons.previous),
      v.surfacesFigure(composite.surfaces),
      v.excludedFigure(metrics.scoreboard.excluded),
    ],
    sections: [
      {
        id: "engines",
        title: "Engines",
        description: `The brand on each engine on ${metrics.scoreboard.date}.`,
        table: {
          columns: [
            { key: "engine", label: "Engine", type: "text" },
            { key: "responses", label: "Answers", type: "integer" },
            { key: "composite", label: "Composite", type: "number" },
            { key: "compositeLow", label: "Composite 95% low", type: "number" },
            { key: "compositeHigh", label: "Composite 95% high", type: "number" },
            { key: "visibility", label: "Visibility", type: "percent" },
            { key: "visibilityLow", label: "Visibility 95% low", type: "percent" },
            { key: "visibilityHigh", label: "Visibility 95% high", type: "percent" },
            { key: "shareOfVoice", label: "Share of voice", type: "percent" },
            { key: "citationShare", label: "Citation share", type: "percent" },
            { key: "averagePosition", label: "Average position", type: "number" },
            { key: "sentiment", label: "Sentiment", type: "number" },
          ],
          rows: metrics.scoreboard.engines.map(({ engine, metrics: m }) => ({
            engine,
            responses: m.responses,
            composite: m.composite.value,
            compositeLow: m.composite.ciLow,
            compositeHigh: m.composite.ciHigh,
            visibility: v.percent(m.visibility.value),
            visibilityLow: v.percent(m.visibility.ciLow),
            visibilityHigh: v.percent(m.visibility.ciHigh),
            shareOfVoice: v.percent(m.shareOfVoice.value),
            citationShare: v.percent(m.citationShare.value),
            averagePosition: m.averagePosition,
            sentiment: m.sentiment,
          })),
        },
        ...(metrics.scoreboard.engines.length === 0 ? { notes: ["No answers on this day."] } : {}),
      },
      {
        id: "share_of_voice",
        title: "Share of voice",
        description: "Every tracked entity, every engine pooled, with 95% intervals.",
        table: {
          columns: [
            { key: "entity", label: "Entity", type: "text" },
            { key: "isSelf", label: "Brand", type: "text" },
            { key: "shareOfVoice", label: "Share of voice", type: "percent" },
            { key: "low", label: "95% low", type: "percent" },
            { key: "high", label: "95% high", type: "percent" },
            { key: "n", label: "Mentions (n)", type: "integer" },
            { key: "visibility", label: "Visibility", type: "percent" },
          ],
          rows: metrics.shareOfVoice.map((s) => ({
            entity: s.entity,
            isSelf: s.isSelf,
            shareOfVoice: v.percent(s.value),
            low: v.percent(s.ciLow),
            high: v.percent(s.ciHigh),
            n: s.n,
            visibility: v.percent(s.visibility.value),
          })),
        },
      },
      {
        id: "recommendations",
        title: "Recommended by the engines",
        description:
          'Every tracked entity, every engine pooled: the answers recommending it (presenting it as a pick, in a list of picks or ranked) and the answers with it among the first three tracked entities they recommend, each a share of all answers with its 95% interval (docs/metrics.md, "Mention stance").',
        table: {
          columns: [
            { key: "entity", label: "Entity", type: "text" },
            { key: "isSelf", label: "Brand", type: "text" },
            { key: "recommended", label: "Recommended in", type: "percent" },
            { key: "recommendedLow", label: "95% low", type: "percent" },
            { key: "recommendedHigh", label: "95% high", type: "percent" },
            { key: "shortlisted", label: "Shortlisted in", type: "percent" },
            { key: "shortlistedLow", label: "95% low", type: "percent" },
            { key: "shortlistedHigh", label: "95% high", type: "percent" },
            { key: "n", label: "Answers (n)", type: "integer" },
          ],
          rows: metrics.shareOfVoice.map((s) => ({
            entity: s.entity,
            isSelf: s.isSelf,
            recommended: v.percent(s.recommendationRate.value),
            recommendedLow: v.percent(s.recommendationRate.ciLow),
            recommendedHigh: v.percent(s.recommendationRate.ciHigh),
            shortlisted: v.percent(s.shortlistShare.value),
            shortlistedLow: v.percent(s.shortlistShare.ciLow),
            shortlistedHigh: v.percent(s.shortlistShare.ciHigh),
            n: s.recommendationRate.n,
          })),
        },
      },
      {
        id: "surfaces",
        title: "Surfaces",
        description: `The composite of each surface's answers on ${metrics.scoreboard.date}, read apart (as GET .../scoreboard?surface= answers), with 95% intervals.`,
        table: {
          columns: [
            { key: "surface", label: "Surface", type: "text" },
            { key: "responses", label: "Answers", type: "integer" },
            { key: "composite", label: "Composite", type: "number" },
            { key: "low", label: "95% low", type: "number" },
            { key: "high", label: "95% high", type: "number" },
          ],
          rows: bySurface.map(({ surface, composite: c }) => ({
            surface,
            responses: c.n,
            composite: c.value,
            low: c.ciLow,
            high: c.ciHigh,
          })),
        },
        ...(bySurface.length === 0 ? { notes: ["No answers on this day."] } : {}),
      },
      {
        id: "deltas",
        title: "Changes of the composite",
        description:
          "Against the previous day with data and exactly 7 and 28 days earlier, with the 95% interval of each change and whether it is significant.",
        figures: comparisonNames.map((name) =>
          v.deltaFigure(`Since ${name}`, composite.comparisons[name]),
        ),
        table: {
          columns: [
            { key: "comparison", label: "Comparison", type: "text" },
            { key: "comparedWith", label: "Compared with", type: "date" },
            { key: "delta", label: "Change", type: "number" },
            { key: "ciLow", label: "95% low", type: "number" },
            { key: "ciHigh", label: "95% high", type: "number" },
            { key: "significant", label: "Significant", type: "text" },
            { key: "method", label: "Method", type: "text" },
          ],
          rows: deltaRows(composite.comparisons),
        },
      },
      {
        id: "timeseries",
        title: "Composite over the period",
        chart: {
          kind: "line",
          title: "Composite (0-100) with its 95% interval",
          unit: "number",
          x,
          series: [
            {
              name: input.brand,
              values: x.map((d) => byDay.get(d)?.value ?? null),
              low: x.map((d) => byDay.get(d)?.ciLow ?? null),
              high: x.map((d) => byDay.get(d)?.ciHigh ?? null),
            },
          ],
        },
        table: {
          columns: [
            { key: "date", label: "Day", type: "date" },
            { key: "responses", label: "Answers", type: "integer" },
            { key: "composite", label: "Composite", type: "number" },
            { key: "compositeLow", label: "Composite 95% low", type: "number" },
            { key: "compositeHigh", label: "Composite 95% high", type: "number" },
            { key: "visibility", label: "Visibility", type: "percent" },
            { key: "shareOfVoice", label: "Share of voice", type: "percent" },
          ],
          rows: x.map((date): Record<string, ReportCell> => {
            const point = pointOf.get(date);
            const day = byDay.get(date);
            return {
              date,
              responses: point?.responses ?? 0,
              composite: day?.value ?? null,
              compositeLow: day?.ciLow ?? null,
              compositeHigh: day?.ciHigh ?? null,
              visibility: point && point.responses > 0 ? v.percent(point.visibility) : null,
              shareOfVoice: point && point.responses > 0 ? v.percent(point.shareOfVoice) : null,
            };
          }),
        },
        ...(dataDays.length === 0 ? { notes: ["No answers in this period."] } : {}),
      },
    ],
  };
}
