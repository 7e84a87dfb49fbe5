/**
 * A generated report, independent of its format: renderers (JSON, CSV, HTML, PDF) read only
 * this shape, and generation (services/reports) only builds it. Immutable once stored.
 * Numbers are as the API reports them: `percent` columns and chart values are 0-100,
 * `usd` are micro-USD integers, dates are `YYYY-MM-DD`.
 */
export type ReportType =
  | "visibility_summary"
  | "competitor_comparison"
  | "cited_sources"
  | "prompt_detail"
  | "recommendations_digest"
  | "page_evaluations_digest"
  | "surface_gap";

export type ReportColumnType = "text" | "integer" | "number" | "percent" | "date" | "url" | "usd";

export interface ReportColumn {
  key: string;
  label: string;
  type: ReportColumnType;
}

export type ReportCell = string | number | boolean | null;

export interface ReportTable {
  columns: ReportColumn[];
  rows: Array<Record<string, ReportCell>>;
}

export interface ReportChartSeries {
  name: string;
  values: Array<number | null>;
  /** The 95% interval per point, when the series has one. */
  low?: Array<number | null>;
  high?: Array<number | null>;
}

export interface ReportChart {
  kind: "line" | "bar";
  title: string;
  unit: "percent" | "number";
  /** Category labels (dates for a time series). */
  x: string[];
  series: ReportChartSeries[];
}

/** A headline figure: "Composite 42.1 (95% 38.0-46.2)". */
export interface ReportFigure {
  label: string;
  value: string;
  detail?: string;
}

export interface ReportSection {
  /** Stable within the type (`engines`, `timeseries`): CSV and links name sections by it. */
  id: string;
  title: string;
  description?: string;
  figures?: ReportFigure[];
  chart?: ReportChart;
  table?: ReportTable;
  notes?: string[];
}

export interface ReportDocument {
  type: ReportType;
  title: string;
  workspace: { slug: string; brand: string };
  period: { from: string; to: string };
  generatedAt: string;
  /** How it was made: `schedule` (weekly or monthly), `run` (after a scheduled run). */
  trigger: "schedule" | "run";
  parameters: Record<string, string | number | boolean | null>;
  summary: ReportFigure[];
  sections: ReportSection[];
}
