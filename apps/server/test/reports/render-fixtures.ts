import type { ReportDocument, ReportTable, ReportType } from "../../src/reports/report-document.js";
import { surfaceGap } from "./render-fixture-gap.js";
import {
  BRAND,
  base,
  COMPETITORS,
  DAYS,
  ENGINES,
  HOSTILE_IMG,
  HOSTILE_SCRIPT,
  round1,
  seeded,
  series,
} from "./render-fixture-parts.js";
import {
  pageEvaluationsDigest,
  promptDetail,
  recommendationsDigest,
} from "./render-fixture-tables.js";

export {
  ACCENTED,
  BEYOND_LATIN1,
  DAYS,
  HOSTILE_IMG,
  HOSTILE_SCRIPT,
} from "./render-fixture-parts.js";
export { PROMPT_ROWS } from "./render-fixture-tables.js";

// One realistic document per report type, and the edge cases generation may produce.

function visibilitySummary(): ReportDocument {
  const composite = series("Composite", 41, 1);
  const engineTable: ReportTable = {
    columns: [
      { key: "engine", label: "Engine", type: "text" },
      { key: "visibility", label: "Visibility", type: "percent" },
      { key: "low", label: "95% low", type: "percent" },
      { key: "high", label: "95% high", type: "percent" },
      { key: "answers", label: "Answers", type: "integer" },
      { key: "cost", label: "Cost", type: "usd" },
    ],
    rows: ENGINES.map((engine, i) => ({
      engine,
      visibility: 30 + i * 7.25,
      low: 25 + i * 7,
      high: 36 + i * 7,
      answers: 1200 + i * 311,
      cost: i === 3 ? 4_321 : 12_345_678 * (i + 1),
    })),
  };
  return {
    ...base,
    type: "visibility_summary",
    title: `Visibility summary: ${BRAND}`,
    parameters: {
      period: "30d",
      engines: ENGINES.join(", "),
      includeCompetitors: true,
      note: null,
    },
    summary: [
      { label: "Composite", value: "42.1", detail: "95% 38.0–46.2" },
      { label: "Share of voice", value: "27.4%", detail: "95% 24.9–30.1%" },
      { label: "Mentions", value: "1,284" },
      { label: "Cost", value: "$123.46", detail: "across 4 engines" },
    ],
    sections: [
      {
        id: "composite",
        title: "Composite over time",
        description: "The daily composite visibility score with its 95% interval.",
        chart: { kind: "line", title: "Composite", unit: "number", x: DAYS, series: [composite] },
      },
      {
        id: "share_of_voice",
        title: "Share of voice against competitors",
        description: `${BRAND} and its tracked competitors, including ${HOSTILE_SCRIPT}.`,
        chart: {
          kind: "line",
          title: "Share of voice",
          unit: "percent",
          x: DAYS,
          series: [
            series(BRAND, 27, 2),
            series(COMPETITORS[0] ?? "", 22, 3),
            series(COMPETITORS[2] ?? "", 15, 4),
            series(COMPETITORS[3] ?? "", 9, 5, false),
          ],
        },
      },
      {
        id: "engines",
        title: "Per engine",
        table: engineTable,
        notes: [
          "Costs are what the engines charged, in US dollars.",
          `Footnote with ${HOSTILE_IMG}`,
        ],
      },
      {
        id: "deltas",
        title: "Changes against the previous period",
        figures: [
          { label: "Composite", value: "+3.2", detail: "significant (p = 0.01)" },
          { label: "Share of voice", value: "−1.1%", detail: "not significant" },
        ],
      },
      {
        id: "timeseries",
        title: "Daily values",
        table: {
          columns: [
            { key: "date", label: "Date", type: "date" },
            { key: "composite", label: "Composite", type: "number" },
            { key: "low", label: "95% low", type: "number" },
            { key: "high", label: "95% high", type: "number" },
          ],
          rows: DAYS.map((date, i) => ({
            date,
            composite: composite.values[i] ?? null,
            low: composite.low?.[i] ?? null,
            high: composite.high?.[i] ?? null,
          })),
        },
      },
    ],
  };
}

function competitorComparison(): ReportDocument {
  const names = [BRAND, ...COMPETITORS];
  const rand = seeded(7);
  const now = names.map(() => round1(5 + rand() * 30));
  const before = names.map(() => round1(5 + rand() * 30));
  return {
    ...base,
    type: "competitor_comparison",
    title: "Competitor comparison",
    parameters: { period: "30d", competitors: COMPETITORS.length },
    summary: [
      { label: "Rank", value: "2 of 6" },
      { label: "Share of voice", value: `${now[0]?.toFixed(1)}%` },
    ],
    sections: [
      {
        id: "share_of_voice",
        title: "Share of voice by brand",
        chart: {
          kind: "bar",
          title: "Share of voice, this period and the previous one",
          unit: "percent",
          x: names,
          series: [
            { name: "This period", values: now },
            { name: "Previous period", values: before },
          ],
        },
        table: {
          columns: [
            { key: "brand", label: "Brand", type: "text" },
            { key: "sov", label: "Share of voice", type: "percent" },
            { key: "previous", label: "Previous", type: "percent" },
            { key: "mentions", label: "Mentions", type: "integer" },
            { key: "site", label: "Site", type: "url" },
          ],
          rows: names.map((brand, i) => ({
            brand,
            sov: now[i] ?? null,
            previous: i === 4 ? null : (before[i] ?? null),
            mentions: Math.round((now[i] ?? 0) * 37),
            site: i === 3 ? "javascript:alert(3)" : `https://brand-${i}.example/`,
          })),
        },
      },
      {
        id: "trend",
        title: "Share of voice over time",
        chart: {
          kind: "line",
          title: "Share of voice",
          unit: "percent",
          x: DAYS,
          series: names.map((name, i) => series(name, 10 + i * 4, 20 + i)),
        },
      },
    ],
  };
}

const DOMAINS = [
  "wikipedia.org",
  "reddit.com",
  "elperiodico.cat",
  "lemonde.fr",
  "fabrica-collectiva.cat",
  "youtube.com",
  "trustpilot.com",
  "medium.com",
  "forum.señor-ñandú.es",
  "a-very-long-subdomain.of-some-review-site.example.com",
];

function citedSources(): ReportDocument {
  const rand = seeded(11);
  const counts = DOMAINS.map((_, i) => Math.round(220 / (i + 1) + rand() * 10));
  const urls = Array.from({ length: 60 }, (_, i) => {
    const domain = DOMAINS[i % DOMAINS.length] ?? "example.com";
    return `https://${domain}/articles/${i}/col·lecció-de-receptes?ref=geo&x=${i}`;
  });
  urls[3] = "javascript:alert(3)";
  urls[4] = `https://evil.example/"><script>alert(5)</script>`;
  urls[5] = "data:text/html,<script>alert(4)</script>";
  return {
    ...base,
    type: "cited_sources",
    trigger: "run",
    title: "Cited sources",
    parameters: { period: "30d", limit: 60 },
    summary: [
      { label: "Domains cited", value: "214" },
      { label: "New sources", value: "18" },
      { label: "Lost sources", value: "7" },
    ],
    sections: [
      {
        id: "domains",
        title: "Top domains",
        chart: {
          kind: "bar",
          title: "Citations per domain",
          unit: "number",
          x: DOMAINS,
          series: [{ name: "Citations", values: counts }],
        },
        table: {
          columns: [
            { key: "domain", label: "Domain", type: "text" },
            { key: "taxonomy", label: "Kind", type: "text" },
            { key: "citations", label: "Citations", type: "integer" },
            { key: "share", label: "Share", type: "percent" },
          ],
          rows: DOMAINS.map((domain, i) => ({
            domain,
            taxonomy: ["reference", "forum", "news", "news", "owned"][i % 5] ?? "other",
            citations: counts[i] ?? 0,
            share: round1(((counts[i] ?? 0) / 700) * 100),
          })),
        },
      },
      {
        id: "urls",
        title: "Top URLs",
        table: {
          columns: [
            { key: "url", label: "URL", type: "url" },
            { key: "citations", label: "Citations", type: "integer" },
            { key: "firstSeen", label: "First seen", type: "date" },
          ],
          rows: urls.map((url, i) => ({
            url,
            citations: 60 - i,
            firstSeen: DAYS[i % DAYS.length] ?? null,
          })),
        },
      },
      {
        id: "new_lost",
        title: "New and lost sources",
        table: {
          columns: [
            { key: "url", label: "URL", type: "url" },
            { key: "change", label: "Change", type: "text" },
            { key: "date", label: "Date", type: "date" },
          ],
          rows: urls.slice(0, 25).map((url, i) => ({
            url,
            change: i % 3 === 0 ? "lost" : "new",
            date: DAYS[(i * 7) % DAYS.length] ?? null,
          })),
        },
      },
    ],
  };
}

export const reportFixtures: Record<ReportType, ReportDocument> = {
  visibility_summary: visibilitySummary(),
  competitor_comparison: competitorComparison(),
  cited_sources: citedSources(),
  prompt_detail: promptDetail(),
  recommendations_digest: recommendationsDigest(),
  page_evaluations_digest: pageEvaluationsDigest(),
  surface_gap: surfaceGap(),
};

/** What generation may produce at the edges: nothing measured, one day, no rows, negatives. */
export function degenerateDocument(): ReportDocument {
  return {
    ...base,
    type: "visibility_summary",
    title: "Edge cases",
    parameters: {},
    summary: [],
    sections: [
      { id: "empty", title: "An empty section" },
      {
        id: "nothing",
        title: "Nothing measured",
        chart: { kind: "line", title: "No data", unit: "percent", x: [], series: [] },
        table: { columns: [{ key: "a", label: "A", type: "text" }], rows: [] },
      },
      {
        id: "nulls",
        title: "Only gaps",
        chart: {
          kind: "line",
          title: "All null",
          unit: "percent",
          x: DAYS.slice(0, 3),
          series: [
            {
              name: "Gaps",
              values: [null, null, null],
              low: [null, null, null],
              high: [null, null, null],
            },
          ],
        },
      },
      {
        id: "one",
        title: "One point",
        chart: {
          kind: "line",
          title: "One day",
          unit: "number",
          x: [DAYS[0] ?? ""],
          series: [{ name: "Composite", values: [42], low: [40], high: [44] }],
        },
      },
      {
        id: "negative",
        title: "Negative bars",
        chart: {
          kind: "bar",
          title: "Deltas",
          unit: "number",
          x: ["a", "b"],
          series: [{ name: "Delta", values: [-1200.5, -3] }],
        },
        table: {
          columns: [
            { key: "x", label: "X", type: "usd" },
            { key: "y", label: "Y", type: "percent" },
          ],
          rows: [
            { x: -500_000, y: Number.NaN },
            { x: 0, y: true },
          ],
        },
      },
    ],
  };
}

/** How many charts and table rows each fixture has, for the renderers' tests. */
export function expectedShape(doc: ReportDocument): { charts: number; rows: number[] } {
  return {
    charts: doc.sections.filter((s) => s.chart).length,
    rows: doc.sections.flatMap((s) => (s.table ? [s.table.rows.length] : [])),
  };
}
