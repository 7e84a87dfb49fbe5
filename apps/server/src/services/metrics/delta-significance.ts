import type { AppContext } from "../../context.js";
import { bootstrapDeltas, deltaWork, type EntityDeltas } from "../../metrics/bootstrap-deltas.js";
import { loadDeltaCells, OTHERS } from "./load-delta-cells.js";
import { filtersKey, type MetricsFilters } from "./metrics-filters.js";
import type { MetricsScope } from "./metrics-scope.js";

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
 * prompt cells (one read for the day and every earlier day):
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
 * without answers in scope (after the filters), or the day itself without
 * them, maps to null. Reads go through `loadDayView` (day-view.ts), which
 * keeps and stores the result.
 */
export async function computeDayChanges(options: {
  ctx: AppContext;
  scope: MetricsScope;
  day: string;
  earlier: readonly string[];
  filters: MetricsFilters;
}): Promise<Map<string, DayChanges | null>> {
  const { ctx, scope, day, filters } = options;
  const result = new Map<string, DayChanges | null>();
  const self = scope.entities.find((e) => e.isSelf);
  if (!self || options.earlier.length === 0) return result;
  const fk = filtersKey(filters);
  const cells = await loadDeltaCells({
    ctx,
    workspaceId: scope.workspaceId,
    version: scope.version,
    days: [day, ...options.earlier],
    selfId: self.id,
    entityIds: scope.entities.map((e) => e.id),
    filters,
  });
  const after = cells.get(day);
  const engines = [...(after?.brandByEngine.keys() ?? [])].sort();
  // The brand, and every other tracked entity's mentions as one (share of voice).
  const brandAndOthers = [self, { id: OTHERS, isSelf: false }];
  // One seed and one set of draws for every scope and comparison day of the day described:
  // the day's resampled sums serve every comparison day whose strata have the same prompts.
  const seed = `${scope.workspaceId}:${day}:${fk}`;
  const common = { weights: scope.weights, seed, work: deltaWork() };
  for (const d of options.earlier) {
    const before = cells.get(d);
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
    result.set(d, value);
  }
  return result;
}

/** `DayChanges` as stored (its maps as entry lists); "null" when there were none to compute. */
export function changesJson(value: DayChanges | null): string {
  return JSON.stringify(
    value && { brand: value.brand, entities: [...value.entities], engines: [...value.engines] },
  );
}

export function parseChanges(body: string): DayChanges | null {
  const stored = JSON.parse(body) as {
    brand: EntityDeltas;
    entities: Array<[string, ShareDeltas]>;
    engines: Array<[string, ShareDeltas]>;
  } | null;
  return (
    stored && {
      brand: stored.brand,
      entities: new Map(stored.entities),
      engines: new Map(stored.engines),
    }
  );
}
