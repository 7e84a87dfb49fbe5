import type { AppContext } from "../../context.js";
import { bootstrapDeltas, deltaWork, type EntityDeltas } from "../../metrics/bootstrap-deltas.js";
import { cacheKey } from "./day-snapshot.js";
import { loadDeltaCells, OTHERS } from "./load-delta-cells.js";
import { filtersKey, type MetricsFilters } from "./metrics-filters.js";
import type { MetricDayRow, MetricsScope } from "./metrics-scope.js";

/** Visibility and share of voice: what is reported per entity and per engine. */
export const shareMetrics = ["visibility", "shareOfVoice"] as const;
type ShareDeltas = EntityDeltas<(typeof shareMetrics)[number]>;

/** The changes from one earlier day to the day described, with their intervals. */
export interface DayChanges {
  /** The brand's deltas (every metric), every engine the filters select pooled. */
  brand: EntityDeltas;
  /** Every tracked entity's visibility and share of voice deltas, engines pooled, by id. */
  entities: Map<string, ShareDeltas>;
  /**
   * The brand's visibility and share of voice deltas on each engine with
   * answers on both days (an engine without answers on either is absent).
   */
  engines: Map<string, ShareDeltas>;
}

/**
 * The change of every metric from each earlier day to `day` with its
 * significance (docs/metrics.md, "Significance of deltas"), from the days'
 * prompt cells (one read for the day and every earlier day not cached):
 *
 * - per earlier day, one bootstrap over the prompts, engines pooled, of the
 *   brand's metrics (`brand`) and every tracked entity's visibility and share
 *   of voice (`entities`), resampling only the columns those read;
 * - one per engine of the day over that engine's prompts, the brand's
 *   visibility and share of voice (`engines`), with the same draws when the
 *   engine has the same prompts;
 *
 * each a paired cluster bootstrap over the prompts both days share (unpaired
 * without any), seeded by `${workspaceId}:${day}:${filters}` (the same seed
 * for every scope and earlier day: a scope of one engine gives the same
 * interval pooled and on that engine, and the day described is resampled once
 * for every earlier day with the same prompts), so the same data gives the
 * same interval. An earlier day
 * without answers in scope (after the filters) is absent from the result.
 */
export async function deltaSignificance(options: {
  ctx: AppContext;
  scope: MetricsScope;
  day: MetricDayRow;
  earlier: readonly MetricDayRow[];
  filters: MetricsFilters;
}): Promise<Map<string, DayChanges>> {
  const { ctx, scope, day, filters } = options;
  const result = new Map<string, DayChanges>();
  const self = scope.entities.find((e) => e.isSelf);
  if (!self) return result;
  const fk = filtersKey(filters);
  // Both days' keys, each with its revision: a hit in ctx.metricsCache is always current.
  const keyOf = (d: MetricDayRow) => `${cacheKey(scope, day, fk)}\u0001${cacheKey(scope, d, fk)}`;
  const missing: MetricDayRow[] = [];
  for (const d of options.earlier) {
    const hit = ctx.metricsCache.changes(keyOf(d));
    if (hit === undefined) missing.push(d);
    else if (hit !== null) result.set(d.day, hit);
  }
  if (missing.length === 0) return result;
  const cells = await loadDeltaCells({
    ctx,
    workspaceId: scope.workspaceId,
    version: scope.version,
    days: [day.day, ...missing.map((d) => d.day)],
    selfId: self.id,
    entityIds: scope.entities.map((e) => e.id),
    filters,
  });
  const after = cells.get(day.day);
  const engines = [...(after?.brandByEngine.keys() ?? [])].sort();
  // The brand, and every other tracked entity's mentions as one (share of voice).
  const brandAndOthers = [self, { id: OTHERS, isSelf: false }];
  // One seed and one set of draws for every scope and comparison day of the day described:
  // the day's resampled sums serve every comparison day whose strata have the same prompts.
  const seed = `${scope.workspaceId}:${day.day}:${fk}`;
  const common = { weights: scope.weights, seed, work: deltaWork() };
  for (const d of missing) {
    const before = cells.get(d.day);
    // The loaded cells already leave brand_research out unless asked (category "*").
    const pooled = { before: before?.pooled ?? [], after: after?.pooled ?? [], ...common };
    const brand = bootstrapDeltas({ ...pooled, entities: scope.entities, entityIds: [self.id] });
    let value: DayChanges | null = null;
    if (brand) {
      const shares = bootstrapDeltas({
        ...pooled,
        entities: scope.entities,
        metrics: shareMetrics,
      });
      value = {
        brand: brand.entities[0] as EntityDeltas,
        entities: new Map(shares?.entities.map((e) => [e.entityId, e])),
        engines: new Map(),
      };
      for (const engine of engines) {
        const one = bootstrapDeltas({
          before: before?.brandByEngine.get(engine) ?? [],
          after: after?.brandByEngine.get(engine) ?? [],
          entities: brandAndOthers,
          entityIds: [self.id],
          metrics: shareMetrics,
          ...common,
        })?.entities[0];
        if (one) value.engines.set(engine, one);
      }
    }
    ctx.metricsCache.storeChanges(keyOf(d), value);
    if (value) result.set(d.day, value);
  }
  return result;
}
