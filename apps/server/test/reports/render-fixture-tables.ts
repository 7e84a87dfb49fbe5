import type { ReportDocument } from "../../src/reports/report-document.js";
import {
  BEYOND_LATIN1,
  BRAND,
  base,
  DAYS,
  ENGINES,
  HOSTILE_IMG,
  HOSTILE_SCRIPT,
  round1,
  seeded,
} from "./render-fixture-parts.js";

// The fixtures of the table-heavy types: prompt detail and the two digests.

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

export function promptDetail(): ReportDocument {
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

export function recommendationsDigest(): ReportDocument {
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

export function pageEvaluationsDigest(): ReportDocument {
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
