import type {
  ReportChartSeries,
  ReportDocument,
  ReportTable,
  ReportType,
} from "../../src/reports/report-document.js";

/**
 * One realistic document per report type, as generation would build them: 30-day series with
 * 95% intervals, a 300-row prompt table, names with accents (Catalan, Spanish, French) and
 * hostile text where engines and users put text (brand names, prompts, URLs).
 */
export const HOSTILE_SCRIPT = "<script>alert(1)</script>";
export const HOSTILE_IMG = `"><img src=x onerror="document.title='pwned'">`;
export const ACCENTED = "Fàbrica Col·lectiva — Señor Ñandú, Café Crème & Garçon";
/** Outside Latin-1: the PDF replaces what its font cannot draw; the HTML shows it. */
export const BEYOND_LATIN1 = "Łódź 東京 😀";

const BRAND = "Fàbrica Col·lectiva";
const COMPETITORS = [
  "Señor Ñandú",
  "Café Crème & Co",
  HOSTILE_SCRIPT,
  HOSTILE_IMG,
  "Zürich Łódź Labs",
];
const ENGINES = ["ChatGPT", "Claude", "Gemini", "Perplexity"];

/** A small seeded generator (mulberry32): fixtures are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round1 = (v: number): number => Math.round(v * 10) / 10;

export const DAYS = Array.from({ length: 30 }, (_, i) => {
  const d = new Date(Date.UTC(2026, 9, 25 + i));
  return d.toISOString().slice(0, 10);
});

function series(name: string, base: number, seed: number, withInterval = true): ReportChartSeries {
  const rand = seeded(seed);
  let level = base;
  const values: Array<number | null> = [];
  const low: Array<number | null> = [];
  const high: Array<number | null> = [];
  DAYS.forEach((_, i) => {
    level = Math.min(95, Math.max(3, level + (rand() - 0.45) * 4));
    // A day without a run: a gap in the line.
    if (i === 11) {
      values.push(null);
      low.push(null);
      high.push(null);
      return;
    }
    const half = 3 + rand() * 4;
    values.push(round1(level));
    low.push(round1(Math.max(0, level - half)));
    high.push(round1(Math.min(100, level + half)));
  });
  return withInterval ? { name, values, low, high } : { name, values };
}

const base = {
  workspace: { slug: "fabrica-collectiva", brand: BRAND },
  period: { from: DAYS[0] ?? "", to: DAYS[DAYS.length - 1] ?? "" },
  generatedAt: "2026-11-24T06:00:00.000Z",
  trigger: "schedule" as const,
};

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

const PROMPT_STARTS = [
  "Quina és la millor cooperativa de disseny a Barcelona per a col·lectius",
  "¿Qué marca de muebles sostenibles recomiendas en España para una pequeña oficina?",
  "Quelle est la meilleure fabrique de meubles éco-responsables près de Perpignan ?",
  "Best sustainable furniture makers in Catalonia with good reviews",
  `Compare ${HOSTILE_SCRIPT} with ${BRAND}`,
  `Is ${HOSTILE_IMG} trustworthy?`,
  `Where do people in ${BEYOND_LATIN1} buy handmade chairs?`,
];

export const PROMPT_ROWS = 300;

function promptDetail(): ReportDocument {
  const rand = seeded(13);
  const rows = Array.from({ length: PROMPT_ROWS }, (_, i) => {
    const start = PROMPT_STARTS[i % PROMPT_STARTS.length] ?? "";
    const long =
      i % 17 === 0
        ? " — with a much longer follow-up that asks about delivery times, warranties, prices in euros and whether the workshop is open on Saturdays"
        : "";
    const row: Record<string, string | number | null> = {
      prompt: `#${i + 1} ${start}${long}`,
      mentions: Math.round(rand() * 40),
      lastSeen: DAYS[i % DAYS.length] ?? null,
    };
    ENGINES.forEach((engine, j) => {
      row[engine] = (i + j) % 23 === 0 ? null : round1(rand() * 100);
    });
    return row;
  });
  return {
    ...base,
    type: "prompt_detail",
    title: "Prompt-level visibility",
    parameters: { period: "30d", prompts: PROMPT_ROWS },
    summary: [
      { label: "Prompts", value: String(PROMPT_ROWS) },
      { label: "Prompts with a mention", value: "71.3%" },
    ],
    sections: [
      {
        id: "engines",
        title: "Average visibility per engine",
        chart: {
          kind: "bar",
          title: "Average visibility per engine",
          unit: "percent",
          x: ENGINES,
          series: [{ name: "Visibility", values: [44.2, 38.9, 51.3, 29.4] }],
        },
      },
      {
        id: "prompts",
        title: "Prompts",
        description: "Each prompt's visibility per engine over the period.",
        table: {
          columns: [
            { key: "prompt", label: "Prompt", type: "text" },
            ...ENGINES.map((engine) => ({ key: engine, label: engine, type: "percent" as const })),
            { key: "mentions", label: "Mentions", type: "integer" },
            { key: "lastSeen", label: "Last seen", type: "date" },
          ],
          rows,
        },
      },
    ],
  };
}

function recommendationsDigest(): ReportDocument {
  const titles = [
    "Add Organization JSON-LD with the Catalan name «Fàbrica Col·lectiva»",
    "Publish a comparison page against Señor Ñandú",
    `Answer "${HOSTILE_SCRIPT}" questions on the FAQ`,
    "Get listed on elperiodico.cat's guide to workshops",
    "Unblock GPTBot in robots.txt",
  ];
  return {
    ...base,
    type: "recommendations_digest",
    title: "Recommendations digest",
    parameters: { status: "open", limit: 20 },
    summary: [
      { label: "Open", value: "12" },
      { label: "Done this period", value: "4" },
      { label: "Estimated impact", value: "+6.5", detail: "composite points" },
    ],
    sections: [
      {
        id: "open",
        title: "Open recommendations",
        table: {
          columns: [
            { key: "title", label: "Recommendation", type: "text" },
            { key: "impact", label: "Impact", type: "number" },
            { key: "status", label: "Status", type: "text" },
            { key: "page", label: "Page", type: "url" },
            { key: "created", label: "Created", type: "date" },
          ],
          rows: titles.map((title, i) => ({
            title,
            impact: 2.5 - i * 0.45,
            status: i === 4 ? "blocked by compliance" : "open",
            page: i === 2 ? null : `https://fabrica-collectiva.cat/pàgina-${i}`,
            created: DAYS[i * 5] ?? null,
          })),
        },
        notes: ["Impact is the estimated change of the composite if done."],
      },
      {
        id: "impact",
        title: "Impact by category",
        chart: {
          kind: "bar",
          title: "Estimated impact",
          unit: "number",
          x: ["Structured data", "Content", "Citations", "Crawlers"],
          series: [{ name: "Impact", values: [2.5, 1.6, 1.2, -0.3] }],
        },
      },
    ],
  };
}

function pageEvaluationsDigest(): ReportDocument {
  const rand = seeded(17);
  const pages = Array.from(
    { length: 40 },
    (_, i) => `https://fabrica-collectiva.cat/ca/productes/cadira-${i}`,
  );
  return {
    ...base,
    type: "page_evaluations_digest",
    title: "Page evaluations digest",
    parameters: { period: "30d" },
    summary: [
      { label: "Pages evaluated", value: "40" },
      { label: "Median score", value: "72" },
    ],
    sections: [
      {
        id: "scores",
        title: "Scores",
        chart: {
          kind: "bar",
          title: "Pages per score band",
          unit: "number",
          x: ["0–20", "20–40", "40–60", "60–80", "80–100"],
          series: [
            { name: "This period", values: [1, 3, 9, 17, 10] },
            { name: "Previous period", values: [2, 6, 11, 14, 7] },
            { name: "Two periods ago", values: [4, 7, 12, 11, null] },
          ],
        },
      },
      {
        id: "pages",
        title: "Pages",
        table: {
          columns: [
            { key: "url", label: "Page", type: "url" },
            { key: "score", label: "Score", type: "integer" },
            { key: "failed", label: "Failed checks", type: "text" },
            { key: "cost", label: "Cost", type: "usd" },
            { key: "checked", label: "Checked", type: "date" },
          ],
          rows: pages.map((url, i) => ({
            url,
            score: Math.round(30 + rand() * 70),
            failed:
              i % 4 === 0
                ? "robots.txt blocks ClaudeBot; no JSON-LD"
                : i % 4 === 1
                  ? ""
                  : "llms.txt missing",
            cost: i === 0 ? 0 : Math.round(rand() * 9_000),
            checked: DAYS[i % DAYS.length] ?? null,
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
