import type { Schemas } from "./api";
import { formatDate, formatMicrousd, formatNumber, formatShare } from "./format";
import { formatLabels } from "./report-labels";

type Section = Schemas["ReportDocument"]["sections"][number];
export type ReportChartSpec = NonNullable<Section["chart"]>;
export type ReportTableSpec = NonNullable<Section["table"]>;
type Column = ReportTableSpec["columns"][number];
type Scalar = Schemas["ReportScalar"];

/** One point on the x axis: the category and each series' value, band and whiskers. */
export type ChartRow = Record<string, string | number | [number, number] | null>;

/** Recharts needs keys; series names are arbitrary text, so each series is keyed by position. */
export const seriesKey = (index: number) => `s${index}`;
export const bandKey = (index: number) => `s${index}band`;
export const whiskerKey = (index: number) => `s${index}whisker`;

/**
 * A report chart's columns (x, and per series values, low and high) as Recharts rows: a line
 * chart draws `band` ([low, high]) as a shaded range, a bar chart draws `whisker` (distance
 * below and above the value, as ErrorBar wants it). A missing value stays null (a gap).
 */
export function chartRows(chart: ReportChartSpec): ChartRow[] {
  return chart.x.map((x, i) => {
    const row: ChartRow = { x };
    chart.series.forEach((s, k) => {
      const value = s.values[i] ?? null;
      const low = s.low?.[i] ?? null;
      const high = s.high?.[i] ?? null;
      row[seriesKey(k)] = value;
      if (value !== null && low !== null && high !== null) {
        row[bandKey(k)] = [low, high];
        row[whiskerKey(k)] = [value - low, high - value];
      }
    });
    return row;
  });
}

/** Whether any series of the chart carries a 95% interval. */
export function hasIntervals(chart: ReportChartSpec): boolean {
  return chart.series.some((s) => s.low !== undefined && s.high !== undefined);
}

/** A chart value in words (percent values are 0-100). */
export function formatChartValue(value: number, unit: ReportChartSpec["unit"]): string {
  return unit === "percent" ? formatShare(value / 100) : formatNumber(value, 1);
}

/** A table cell's text (`percent` 0-100, `usd` micro-USD, dates YYYY-MM-DD). */
export function formatCell(value: Scalar | undefined, type: Column["type"]): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return type === "date" ? formatDate(value) : value;
  switch (type) {
    case "integer":
      return formatNumber(value);
    case "percent":
      return formatShare(value / 100);
    case "usd":
      return formatMicrousd(value);
    default:
      return formatNumber(value, 2);
  }
}

/** Numbers line up on the right. */
export function isNumericColumn(column: Column): boolean {
  return ["integer", "number", "percent", "usd"].includes(column.type);
}

/** Only web addresses become links (never javascript: or data:); text from pages is untrusted. */
export function webLink(value: unknown): string | null {
  if (typeof value !== "string" || !/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

export interface DownloadChoice {
  format: Schemas["ReportFormat"];
  /** CSV only: the section whose table it is. */
  section?: string;
  label: string;
}

/** Each format the type offers; CSV is one table a file, so once per section with a table. */
export function downloadChoices(
  formats: Schemas["ReportFormat"][],
  sections: Schemas["ReportSectionInfo"][],
): DownloadChoice[] {
  return formats.flatMap((format): DownloadChoice[] =>
    format === "csv"
      ? sections
          .filter((s) => s.hasTable)
          .map((s) => ({ format, section: s.id, label: `CSV: ${s.title}` }))
      : [{ format, label: formatLabels[format] }],
  );
}
