import type { ReportCell, ReportColumnType } from "../report-document.js";

/**
 * How a value reads in HTML and PDF, one set of rules for both: percent with one decimal
 * (values are 0-100), micro-USD as dollars (whole cents, amounts under a cent exactly, as the
 * CLI prints them), integers with thousands separators, dates as given, null as "–".
 */
export const MISSING = "–";

export function formatUsd(microusd: number): string {
  const sign = microusd < 0 ? "-" : "";
  const abs = Math.abs(Math.round(microusd));
  if (abs > 0 && abs < 10_000) {
    return `${sign}$0.${String(abs).padStart(6, "0").replace(/0+$/, "")}`;
  }
  const cents = Math.round(abs / 10_000);
  const whole = Math.floor(cents / 100).toLocaleString("en-US");
  return `${sign}$${whole}.${String(cents % 100).padStart(2, "0")}`;
}

export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

export function formatNumber(value: number): string {
  return value.toLocaleString("en-US", { maximumFractionDigits: 2 });
}

export function formatCell(value: ReportCell | undefined, type: ReportColumnType): string {
  if (value === null || value === undefined) return MISSING;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return value;
  if (!Number.isFinite(value)) return MISSING;
  switch (type) {
    case "percent":
      return formatPercent(value);
    case "usd":
      return formatUsd(value);
    case "integer":
      return Math.round(value).toLocaleString("en-US");
    case "number":
      return formatNumber(value);
    default:
      return String(value);
  }
}

/** Numbers read right-aligned in a table column. */
export const isNumericColumn = (type: ReportColumnType): boolean =>
  type === "integer" || type === "number" || type === "percent" || type === "usd";

/** A URL usable as a link: http or https only, normalised; anything else stays text. */
export function safeHref(value: ReportCell | undefined): string | null {
  if (typeof value !== "string") return null;
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}

const TYPE_LABELS: Record<string, string> = {
  visibility_summary: "Visibility summary",
  competitor_comparison: "Competitor comparison",
  cited_sources: "Cited sources",
  prompt_detail: "Prompt detail",
  recommendations_digest: "Recommendations digest",
  page_evaluations_digest: "Page evaluations digest",
  surface_gap: "Surface gap",
};

export const reportTypeLabel = (type: string): string => TYPE_LABELS[type] ?? type;

export const triggerLabel = (trigger: string): string =>
  trigger === "run" ? "after a scheduled run" : trigger === "schedule" ? "on schedule" : trigger;

/** The report's parameters as label/value pairs, in the document's order. */
export function parameterPairs(
  parameters: Record<string, string | number | boolean | null>,
): Array<[string, string]> {
  return Object.entries(parameters).map(([key, value]) => [
    key,
    value === null ? MISSING : typeof value === "boolean" ? (value ? "yes" : "no") : String(value),
  ]);
}
