import type { ReportColumn } from "../../reports/report-document.js";
import { getWorkspaceMetrics } from "../metrics/get-workspace-metrics.js";
import { loadMetricsScope } from "../metrics/metrics-scope.js";
import { classifyCitedDomains } from "../sources/classify-cited-domains.js";
import { loadCitedSources } from "../sources/load-cited-sources.js";
import { previousPeriodOf } from "../sources/previous-period.js";
import type { ReportBody, ReportBuildInput } from "./report-build-input.js";
import { TOP_SOURCES_DEFAULT } from "./report-catalog.js";

const domainColumns: ReportColumn[] = [
  { key: "domain", label: "Domain", type: "text" },
  { key: "taxonomy", label: "Taxonomy", type: "text" },
  { key: "count", label: "Citing answers", type: "integer" },
  { key: "previous", label: "Citing answers, previous period", type: "integer" },
  { key: "used", label: "Answers reading it without citing it", type: "integer" },
];

/**
 * Cited sources: the period's top domains and URLs with their taxonomy, the
 * `to` day's top cited domains exactly as the metrics view lists them, and
 * the domains cited in the period but not in the previous one of the same
 * length (new) and the reverse (lost); none of either when that period would start
 * before 2000-01-01; and the domains the answers read without citing them.
 */
export async function buildCitedSources(input: ReportBuildInput): Promise<ReportBody> {
  const { ctx, access, period } = input;
  const limit =
    typeof input.parameters.limit === "number" ? input.parameters.limit : TOP_SOURCES_DEFAULT;
  const previous = previousPeriodOf(period);
  const scope = await loadMetricsScope(ctx, access.id);
  const [metrics, sources] = await Promise.all([
    getWorkspaceMetrics({ ctx, access, date: period.to, filters: { includeBrandResearch: false } }),
    loadCitedSources({
      ctx,
      workspaceId: access.id,
      version: scope.version,
      period,
      previous,
      limit,
    }),
  ]);
  const { current, added, lost } = classifyCitedDomains(sources.domains, previous !== null);
  const before = previous
    ? `from ${previous.from} to ${previous.to}`
    : "in a previous period (none: it would start before 2000-01-01)";
  const domainRow = (d: (typeof sources.domains)[number]) => ({
    domain: d.domain,
    taxonomy: d.taxonomy,
    count: d.count,
    previous: d.previous,
    used: d.used,
  });

  return {
    summary: [
      { label: "Domains cited", value: String(current.length) },
      {
        label: "New domains",
        value: String(added.length),
        detail: previous ? `vs ${previous.from} to ${previous.to}` : "no previous period",
      },
      { label: "Lost domains", value: String(lost.length) },
      {
        label: "Domains read, not cited",
        value: String(sources.usedTotal),
        detail: "domains whose pages the engines' searches read without citing them",
      },
    ],
    sections: [
      {
        id: "domains",
        title: "Top cited domains",
        description: `At most ${limit} registrable domains by the answers citing them over the period.`,
        chart: {
          kind: "bar",
          title: "Citing answers per domain",
          unit: "number",
          x: current.slice(0, 10).map((d) => d.domain),
          series: [{ name: "Citing answers", values: current.slice(0, 10).map((d) => d.count) }],
        },
        table: { columns: domainColumns, rows: current.slice(0, limit).map(domainRow) },
      },
      {
        id: "urls",
        title: "Top cited URLs",
        description: `At most ${limit} URLs by the answers citing them over the period.`,
        table: {
          columns: [
            { key: "url", label: "URL", type: "url" },
            { key: "domain", label: "Domain", type: "text" },
            { key: "taxonomy", label: "Taxonomy", type: "text" },
            { key: "count", label: "Citing answers", type: "integer" },
          ],
          rows: sources.urls.map((u) => ({ ...u })),
        },
      },
      {
        id: "used_domains",
        title: "Read but not cited",
        description: `At most ${limit} domains by the answers whose searches read a page of them without citing it (OpenAI, Claude and Perplexity report what they read).`,
        table: {
          columns: [
            { key: "domain", label: "Domain", type: "text" },
            { key: "taxonomy", label: "Taxonomy", type: "text" },
            { key: "used", label: "Answers reading it without citing it", type: "integer" },
            { key: "cited", label: "Citing answers", type: "integer" },
          ],
          rows: sources.usedDomains.map((d) => ({ ...d })),
        },
      },
      {
        id: "latest_day_domains",
        title: "Top cited domains on the last day",
        description: `As GET .../metrics lists them for ${metrics.scoreboard.date}.`,
        table: {
          columns: [
            { key: "domain", label: "Domain", type: "text" },
            { key: "taxonomy", label: "Taxonomy", type: "text" },
            { key: "count", label: "Citing answers", type: "integer" },
          ],
          rows: metrics.topCitedDomains.map((d) => ({ ...d })),
        },
      },
      {
        id: "new_sources",
        title: "New sources",
        description: `Domains cited in the period and not ${before}.`,
        table: { columns: domainColumns, rows: added.map(domainRow) },
      },
      {
        id: "lost_sources",
        title: "Lost sources",
        description: `Domains cited ${before} and not in the period.`,
        table: { columns: domainColumns, rows: lost.map(domainRow) },
      },
    ],
  };
}
