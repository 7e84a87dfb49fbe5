import type { AppContext } from "../../context.js";
import type { MetricsSnapshot } from "../../metrics/aggregates.js";
import { computeMetrics } from "../../metrics/compute-metrics.js";
import { computePointMetrics } from "../../metrics/point-metrics.js";
import { loadDailySums } from "./load-daily-sums.js";
import { loadPromptCells, loadTopCitedDomains } from "./load-prompt-cells.js";
import { filtersKey, type MetricsFilters } from "./metrics-filters.js";
import type { MetricDayRow, MetricsScope } from "./metrics-scope.js";

export interface DaySnapshot {
  snapshot: MetricsSnapshot;
  topCitedDomains: Array<{ domain: string; count: number; taxonomy: string }>;
}

export const TOP_CITED_DOMAINS = 10;

// Computed snapshots by everything they depend on: a day's rollups change only
// with its revision, so a hit is always current. At most
// GEO_METRICS_CACHE_ENTRIES, least recently used dropped first.
const cache = new Map<string, DaySnapshot>();

/** Everything a day's computed metrics depend on. */
export function cacheKey(scope: MetricsScope, day: MetricDayRow, filtersKey: string): string {
  return [
    scope.workspaceId,
    scope.version,
    day.day,
    day.revision,
    filtersKey,
    scope.entities.map((e) => e.id).join(","),
    JSON.stringify(scope.weights),
  ].join("\u0000");
}

export function remember<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  if (limit === 0) return;
  while (map.size >= limit) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/**
 * The metrics of one day with data (and its most-cited domains), with
 * intervals. Bootstrap seed `${workspaceId}:${day}:${filters}`: the same data gives the
 * same intervals.
 */
export async function daySnapshot(options: {
  ctx: AppContext;
  scope: MetricsScope;
  day: MetricDayRow;
  filters: MetricsFilters;
}): Promise<DaySnapshot> {
  const { ctx, scope, day, filters } = options;
  const fk = filtersKey(filters);
  const key = cacheKey(scope, day, fk);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const cells = await loadPromptCells({
    ctx,
    workspaceId: scope.workspaceId,
    version: scope.version,
    day: day.day,
    filters,
  });
  const snapshot = computeMetrics({
    cells,
    entities: scope.entities,
    weights: scope.weights,
    includeBrandResearch: filters.includeBrandResearch ?? false,
    seed: `${scope.workspaceId}:${day.day}:${fk}`,
  });
  const topCitedDomains = await loadTopCitedDomains({
    ctx,
    workspaceId: scope.workspaceId,
    version: scope.version,
    day: day.day,
    filters,
    limit: TOP_CITED_DOMAINS,
  });
  const result = { snapshot, topCitedDomains };
  remember(cache, key, result, ctx.config.metricsCacheEntries);
  return result;
}

// The brand's composite of comparison days (deltas), by the same key as above;
// null for a day whose answers the filters leave out entirely.
const composites = new Map<string, number | null>();

/**
 * The brand's composite point value on each given day that has answers after
 * the filters (a day they leave empty is absent: nothing to compare with), from
 * sums per (day, engine, category) for every day not cached, in one read (no
 * bootstrap: deltas need values only).
 */
export async function selfComposites(options: {
  ctx: AppContext;
  scope: MetricsScope;
  days: readonly MetricDayRow[];
  filters: MetricsFilters;
}): Promise<Map<string, number>> {
  const { ctx, scope, filters } = options;
  const fk = filtersKey(filters);
  const keyOf = (d: MetricDayRow) => cacheKey(scope, d, fk);
  const result = new Map<string, number>();
  const missing: MetricDayRow[] = [];
  for (const d of options.days) {
    const hit = composites.get(keyOf(d));
    if (hit === undefined) missing.push(d);
    else if (hit !== null) result.set(d.day, hit);
  }
  if (missing.length === 0) return result;
  const sums = await loadDailySums({
    ctx,
    workspaceId: scope.workspaceId,
    version: scope.version,
    days: missing.map((d) => d.day),
    filters,
  });
  for (const d of missing) {
    const points = computePointMetrics({
      cells: sums.get(d.day) ?? [],
      entities: scope.entities,
      weights: scope.weights,
      includeBrandResearch: filters.includeBrandResearch ?? false,
    });
    const value =
      points.responses > 0 ? (points.entities.find((e) => e.isSelf)?.composite ?? 0) : null;
    remember(composites, keyOf(d), value, ctx.config.metricsCacheEntries);
    if (value !== null) result.set(d.day, value);
  }
  return result;
}
