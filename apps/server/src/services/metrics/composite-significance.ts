import type { AppContext } from "../../context.js";
import { bootstrapDeltas } from "../../metrics/bootstrap-deltas.js";
import type { DeltaSignificance } from "../../metrics/composite-deltas.js";
import { cacheKey, remember } from "./day-snapshot.js";
import { loadBrandCells, OTHERS } from "./load-brand-cells.js";
import { filtersKey, type MetricsFilters } from "./metrics-filters.js";
import type { MetricDayRow, MetricsScope } from "./metrics-scope.js";

// Computed significances by both days' keys (each with its revision: a hit is
// always current); null when either day has no answers in scope. LRU, at most
// GEO_METRICS_CACHE_ENTRIES.
const cache = new Map<string, DeltaSignificance | null>();

/**
 * The significance of the change of the brand's composite from each earlier
 * day to `day` (docs/metrics.md, "Significance of deltas"): a paired cluster
 * bootstrap over the prompts both days share (unpaired without any), from
 * the days' prompt cells (the brand's counts and the others' mentions only), seeded by `${workspaceId}:${day}:${earlier}:${filters}`
 * so the same data gives the same interval. A day without answers in scope
 * (after the filters) is absent from the result.
 */
export async function compositeSignificance(options: {
  ctx: AppContext;
  scope: MetricsScope;
  day: MetricDayRow;
  earlier: readonly MetricDayRow[];
  filters: MetricsFilters;
}): Promise<Map<string, DeltaSignificance>> {
  const { ctx, scope, day, filters } = options;
  const result = new Map<string, DeltaSignificance>();
  const self = scope.entities.find((e) => e.isSelf);
  if (!self) return result;
  const fk = filtersKey(filters);
  const keyOf = (d: MetricDayRow) => `${cacheKey(scope, day, fk)}\u0001${cacheKey(scope, d, fk)}`;
  const missing: MetricDayRow[] = [];
  for (const d of options.earlier) {
    const hit = cache.get(keyOf(d));
    if (hit === undefined) missing.push(d);
    else if (hit !== null) result.set(d.day, hit);
  }
  if (missing.length === 0) return result;
  const cells = await loadBrandCells({
    ctx,
    workspaceId: scope.workspaceId,
    version: scope.version,
    days: [day.day, ...missing.map((d) => d.day)],
    selfId: self.id,
    entityIds: scope.entities.map((e) => e.id),
    filters,
  });
  // The brand, and every other tracked entity's mentions as one (share of voice).
  const entities = [self, { id: OTHERS, isSelf: false }];
  missing.forEach((d) => {
    const deltas = bootstrapDeltas({
      before: cells.get(d.day) ?? [],
      after: cells.get(day.day) ?? [],
      entities,
      entityIds: [self.id],
      weights: scope.weights,
      // The loaded cells already leave brand_research out unless asked (category "*").
      seed: `${scope.workspaceId}:${day.day}:${d.day}:${fk}`,
    });
    const composite = deltas?.entities[0]?.composite;
    const value = composite
      ? {
          ciLow: composite.ciLow,
          ciHigh: composite.ciHigh,
          significant: composite.significant,
          method: composite.method,
        }
      : null;
    remember(cache, keyOf(d), value, ctx.config.metricsCacheEntries);
    if (value) result.set(d.day, value);
  });
  return result;
}
