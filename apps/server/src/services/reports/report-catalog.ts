import type { ReportCatalog } from "@geopulse/api-types";
import type { ReportType } from "../../reports/report-document.js";

type CatalogEntry = ReportCatalog["data"][number];
type Parameter = CatalogEntry["parameters"][number];

/** Every report type in the order the catalog lists them. */
export const REPORT_TYPES: readonly ReportType[] = [
  "visibility_summary",
  "competitor_comparison",
  "cited_sources",
  "prompt_detail",
  "recommendations_digest",
  "page_evaluations_digest",
  "surface_gap",
];

/** The most rows a top-list table (domains, URLs) holds. */
export const TOP_SOURCES_DEFAULT = 25;

const period: Parameter[] = [
  {
    name: "from",
    type: "date",
    description: "First UTC day of the period (included).",
    default: null,
    allowedValues: null,
  },
  {
    name: "to",
    type: "date",
    description:
      "Last UTC day of the period (included); headline figures describe this day, as GET .../metrics?date=<to> does.",
    default: null,
    allowedValues: null,
  },
];

const formats: CatalogEntry["formats"] = ["json", "csv", "html", "pdf"];

const entries: CatalogEntry[] = [
  {
    type: "visibility_summary",
    title: "Visibility summary",
    description:
      "The brand's composite score with its 95% interval, share of voice of every tracked entity with intervals, how often the answers recommend and shortlist each entity (with intervals), the per-engine table, the composite of each surface read apart, the composite's changes since the comparison days with their significance, and the daily composite over the period with its intervals.",
    parameters: period,
    formats,
    sections: [
      { id: "engines", title: "Engines", hasTable: true },
      { id: "share_of_voice", title: "Share of voice", hasTable: true },
      { id: "recommendations", title: "Recommended by the engines", hasTable: true },
      { id: "surfaces", title: "Surfaces", hasTable: true },
      { id: "deltas", title: "Changes of the composite", hasTable: true },
      { id: "timeseries", title: "Composite over the period", hasTable: true },
    ],
    defaultSection: "engines",
  },
  {
    type: "competitor_comparison",
    title: "Competitor comparison",
    description:
      "The brand against each competitor: share of voice and visibility with intervals and their changes, each entity per engine on the last day, and share of voice over the period.",
    parameters: period,
    formats,
    sections: [
      { id: "entities", title: "Brand and competitors", hasTable: true },
      { id: "entity_engines", title: "Per engine", hasTable: true },
      { id: "share_of_voice_trend", title: "Share of voice over the period", hasTable: true },
    ],
    defaultSection: "entities",
  },
  {
    type: "cited_sources",
    title: "Cited sources",
    description:
      "The domains and URLs the engines cited over the period with their taxonomy, the last day's top cited domains (as GET .../metrics), and the domains newly cited or no longer cited compared with the previous period of the same length.",
    parameters: [
      ...period,
      {
        name: "limit",
        type: "integer",
        description: "Most domains and URLs listed (1-100).",
        default: TOP_SOURCES_DEFAULT,
        allowedValues: null,
      },
    ],
    formats,
    sections: [
      { id: "domains", title: "Top cited domains", hasTable: true },
      { id: "urls", title: "Top cited URLs", hasTable: true },
      { id: "used_domains", title: "Read but not cited", hasTable: true },
      { id: "latest_day_domains", title: "Top cited domains on the last day", hasTable: true },
      { id: "new_sources", title: "New sources", hasTable: true },
      { id: "lost_sources", title: "Lost sources", hasTable: true },
    ],
    defaultSection: "domains",
  },
  {
    type: "prompt_detail",
    title: "Prompt detail",
    description:
      "Each prompt's visibility per engine over the period: answers, answers mentioning the brand, visibility, answers citing the brand's domains. Large; read it as CSV.",
    parameters: period,
    formats,
    sections: [{ id: "prompts", title: "Prompts per engine", hasTable: true }],
    defaultSection: "prompts",
  },
  {
    type: "recommendations_digest",
    title: "Recommendations digest",
    description:
      "The workspace's recommendations when the report was generated: open ones by priority, those flagged for a compliance review, and those done with their measured impact verdicts.",
    parameters: period,
    formats,
    sections: [
      { id: "open", title: "Open", hasTable: true },
      { id: "flagged", title: "Flagged for compliance review", hasTable: true },
      { id: "done", title: "Done, with measured impact", hasTable: true },
    ],
    defaultSection: "open",
  },
  {
    type: "page_evaluations_digest",
    title: "Page evaluations digest",
    description:
      "The page evaluations finished in the period, the latest of each URL (succeeded or failed): its overall and per-category scores, its failing checks and the worst of them; then every failing check across those pages, the most severe first, with its fix.",
    parameters: period,
    formats,
    sections: [
      { id: "evaluations", title: "Page evaluations", hasTable: true },
      { id: "failing_checks", title: "Failing checks", hasTable: true },
    ],
    defaultSection: "evaluations",
  },
  {
    type: "surface_gap",
    title: "Surface gap",
    description:
      "For every assistant measured on two surfaces in the period (its developer API and its app, or two of Google's AI surfaces): the brand's visibility and share of voice on each, on the same prompts asked the same days, their differences with paired 95% intervals and significance, and the overlap of the domains each cited.",
    parameters: period,
    formats,
    sections: [
      { id: "pairs", title: "Engine pairs", hasTable: true },
      { id: "domains", title: "Cited domains per pair", hasTable: true },
    ],
    defaultSection: "pairs",
  },
];

/** The report catalog: every type with its parameters, formats and sections. */
export function getReportCatalog(): ReportCatalog {
  return { data: entries };
}
