import type { AppContext } from "../../context.js";
import type { MetricsSnapshot } from "../../metrics/aggregates.js";
import { computeMetrics } from "../../metrics/compute-metrics.js";
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
// with its revision, so a hit is always current. Bounded, oldest dropped first.
const cache = new Map<string, DaySnapshot>();
const MAX_CACHED = 512;

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
  const key = [
    scope.workspaceId,
    scope.version,
    day.day,
    day.revision,
    fk,
    scope.entities.map((e) => e.id).join(","),
    JSON.stringify(scope.weights),
  ].join("\u0000");
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
    days: [day.day],
    filters,
  });
  const snapshot = computeMetrics({
    cells: cells.get(day.day) ?? [],
    entities: scope.entities.map((e) => ({ id: e.id, isSelf: e.isSelf })),
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
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, result);
  return result;
}

// The brand's composite of comparison days (deltas), by the same key as above.
const composites = new Map<string, number>();

/**
 * The brand's composite point value on each given day with data, from sums per
 * (day, engine, category) for every day not cached (no bootstrap: deltas need
 * values only).
 */
export async function selfComposites(options: {
  ctx: AppContext;
  scope: MetricsScope;
  days: readonly MetricDayRow[];
  filters: MetricsFilters;
}): Promise<Map<string, number>> {
  const { ctx, scope, filters } = options;
  const fk = filtersKey(filters);
  const keyOf = (d: MetricDayRow) =>
    [
      scope.workspaceId,
      scope.version,
      d.day,
      d.revision,
      fk,
      scope.entities.map((e) => e.id).join(","),
      JSON.stringify(scope.weights),
    ].join("\u0000");
  const result = new Map<string, number>();
  const missing: MetricDayRow[] = [];
  for (const d of options.days) {
    const hit = composites.get(keyOf(d));
    if (hit === undefined) missing.push(d);
    else result.set(d.day, hit);
  }
  if (missing.length === 0) return result;
  for (const d of missing) {
    // One day per query: with a list of days PostgreSQL may leave the key's day
    // column out of the index condition and scan the whole history.
    const sums = await loadDailySums({
      ctx,
      workspaceId: scope.workspaceId,
      version: scope.version,
      days: [d.day],
      filters,
    });
    const snapshot = computeMetrics({
      cells: sums.get(d.day) ?? [],
      entities: scope.entities.map((e) => ({ id: e.id, isSelf: e.isSelf })),
      weights: scope.weights,
      includeBrandResearch: filters.includeBrandResearch ?? false,
      seed: d.day,
      resamples: 1,
    });
    const value = snapshot.entities.find((e) => e.isSelf)?.composite.value ?? 0;
    if (composites.size >= MAX_CACHED) composites.delete(composites.keys().next().value as string);
    composites.set(keyOf(d), value);
    result.set(d.day, value);
  }
  return result;
}
