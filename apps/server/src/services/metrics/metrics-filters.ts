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
