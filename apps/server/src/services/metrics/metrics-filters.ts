import { enginesOnSurface, type Surface } from "../../engines/engine-registry.js";

/** Query filters shared by the metrics, scoreboard and time-series routes. */
export interface MetricsFilters {
  engine?: string | undefined;
  /** Only the answers of this surface's engines (engines/engine-registry.ts). */
  surface?: Surface | undefined;
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
    // Last, and only when set: the keys (and seeds) of the filters before it are unchanged.
    ...(f.surface ? [f.surface] : []),
  ].join("|");
}

/** Whether the engine and surface filters select an engine's answers (`filterSql`'s rule). */
export function selectsEngine(f: MetricsFilters, engine: string): boolean {
  if (f.engine !== undefined && f.engine !== engine) return false;
  return f.surface === undefined || (enginesOnSurface(f.surface) as string[]).includes(engine);
}

/** SQL conditions and parameters for the filters over a rollup table (parameters from $start). */
export function filterSql(f: MetricsFilters, start: number): { sql: string; params: string[] } {
  const parts: string[] = [];
  const params: string[] = [];
  const param = (value: string) => {
    params.push(value);
    return `$${start + params.length - 1}`;
  };
  for (const [column, value] of [
    ["engine", f.engine],
    ["category", f.category],
    ["region", f.region],
    ["language", f.language],
  ] as const) {
    if (value !== undefined) parts.push(`AND ${column} = ${param(value)}`);
  }
  // Rollups are per engine, and every engine reads one surface.
  if (f.surface !== undefined) {
    const engines = enginesOnSurface(f.surface);
    parts.push(engines.length ? `AND engine IN (${engines.map(param).join(", ")})` : "AND false");
  }
  return { sql: parts.join(" "), params };
}
