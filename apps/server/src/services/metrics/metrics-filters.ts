import { errors } from "../../errors/app-error.js";

/** Query filters shared by the metrics, scoreboard and time-series routes. */
export interface MetricsFilters {
  engine?: string | undefined;
  category?: string | undefined;
  region?: string | undefined;
  language?: string | undefined;
  includeBrandResearch?: boolean | undefined;
}

/** Stable text of the filters: part of cache keys and of the bootstrap seed. */
export function filtersKey(f: MetricsFilters): string {
  return [
    f.engine ?? "*",
    f.category ?? "*",
    f.region ?? "*",
    f.language ?? "*",
    f.includeBrandResearch ? "br" : "-",
  ].join("|");
}

/**
 * A `YYYY-MM-DD` that names a real calendar day (the schema's `format: date`
 * alone lets 2026-02-30 through on some validators).
 */
export function checkDay(value: string, field: string): string {
  const t = Date.parse(`${value}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(t)) {
    throw errors.field(field, "format", `${field} must be a calendar day as YYYY-MM-DD.`);
  }
  if (new Date(t).toISOString().slice(0, 10) !== value) {
    throw errors.field(field, "format", `${field} is not a calendar day.`);
  }
  return value;
}

/** SQL conditions and parameters for the filters over a rollup table (parameters from $start). */
export function filterSql(f: MetricsFilters, start: number): { sql: string; params: string[] } {
  const parts: string[] = [];
  const params: string[] = [];
  for (const [column, value] of [
    ["engine", f.engine],
    ["category", f.category],
    ["region", f.region],
    ["language", f.language],
  ] as const) {
    if (value === undefined) continue;
    params.push(value);
    parts.push(`AND ${column} = $${start + params.length - 1}`);
  }
  return { sql: parts.join(" "), params };
}
