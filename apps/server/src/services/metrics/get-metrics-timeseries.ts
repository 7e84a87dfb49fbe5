import type { ResponseBody } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { daysBetween } from "../../days.js";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import type { PointCell } from "../../metrics/aggregates.js";
import {
  computePointMetrics,
  type EntityPoint,
  type ScopePoints,
} from "../../metrics/point-metrics.js";
import { loadDayChanges } from "./day-changes.js";
import { loadDailySums, readsDayEngineRollups } from "./load-daily-sums.js";
import { type MetricsFilters, selectsEngine } from "./metrics-filters.js";
import { loadMetricsScope, type MetricsScope } from "./metrics-scope.js";
import { loadStoredDailySums } from "./stored-day-sums.js";

export type MetricsTimeSeries = ResponseBody<"getMetricsTimeSeries", 200>;
type Series = MetricsTimeSeries["series"][number];
type PointChange = Series["points"][number]["change"];
/** Longest range one request may ask for, in days. */
export const MAX_TIMESERIES_DAYS = 366;

/**
 * The revision of how the series are computed and written: a release that
 * changes them bumps it, so stored series (load-timeseries-gzip.ts) are computed again.
 */
export const TIMESERIES_REVISION = 2;

export interface GetMetricsTimeSeriesOptions {
  ctx: AppContext;
  access: WorkspaceAccess;
  from: string;
  to: string;
  entity?: string | undefined;
  filters: MetricsFilters;
  /** The workspace's scope when the caller has read it. */
  scope?: MetricsScope | undefined;
}

/** 400 unless `from`..`to` spans 1 to MAX_TIMESERIES_DAYS days. */
export function checkTimeSeriesRange(from: string, to: string): void {
  const span = daysBetween(from, to) + 1;
  if (span < 1) throw errors.field("query.to", "range", "to must not be before from.");
  if (span > MAX_TIMESERIES_DAYS) {
    throw errors.field("query.to", "range", `The range spans at most ${MAX_TIMESERIES_DAYS} days.`);
  }
}

/**
 * Daily point values per entity, pooled and per engine, over a range. The
 * rollups are summed per (day, engine) in the database (a bounded result
 * whatever the number of prompts; without a category, language, region or
 * brand-research filter, read as stored per day, `loadStoredDailySums`), and
 * each day's sums go through
 * `computePointMetrics`: every metric is a ratio of sums, so the points equal
 * the metrics route's values (without intervals, so without a bootstrap).
 * Each point carries the day's detected change of visibility for its entity
 * and series (`loadDayChanges`: stored per day, computed when missing or
 * outdated; on the fly under a category, language, region or brand-research
 * filter).
 */
export async function getMetricsTimeSeries(
  options: GetMetricsTimeSeriesOptions,
): Promise<MetricsTimeSeries> {
  const { ctx, filters } = options;
  const { from, to } = options;
  checkTimeSeriesRange(from, to);
  const scope = options.scope ?? (await loadMetricsScope(ctx, options.access.id));
  const place = { ctx, workspaceId: scope.workspaceId, version: scope.version };
  const [byDay, changes] = await Promise.all([
    readsDayEngineRollups(filters)
      ? loadStoredDailySums({ ...place, from, to }).then((days) => byEngine(days, filters))
      : loadDailySums({ ...place, days: { from, to }, filters }),
    loadDayChanges({ ctx, scope, from, to, filters }),
  ]);
  // The day's change of each (entity, series); with an engine filter the
  // pooled series is that engine's answers, so it carries the engine's change.
  const changeOf = new Map<string, PointChange>();
  for (const c of changes) {
    changeOf.set(`${c.date}\u0000${c.entityId}\u0000${c.engine ?? "all"}`, {
      metric: "visibility",
      direction: c.direction,
      delta: c.delta,
      qValue: c.qValue,
    });
  }
  const changeKey = (date: string, entityId: string, engine: string) =>
    `${date}\u0000${entityId}\u0000${engine === "all" && filters.engine ? filters.engine : engine}`;

  // One series per shown entity and engine, filled day by day.
  const shown = scope.entities.flatMap((entity, e) =>
    !options.entity || entity.id === options.entity ? [{ entity, e }] : [],
  );
  const seriesByEngine = new Map<string, Series[]>();
  const seriesOf = (engine: string): Series[] => {
    let list = seriesByEngine.get(engine);
    if (!list) {
      list = shown.map(({ entity }) => ({
        entity: entity.name,
        entityId: entity.id,
        isSelf: entity.isSelf,
        engine,
        points: [],
      }));
      seriesByEngine.set(engine, list);
    }
    return list;
  };
  const push = (engine: string, date: string, points: ScopePoints) => {
    if (points.responses === 0) return;
    const list = seriesOf(engine);
    shown.forEach(({ entity, e }, i) => {
      const m = points.entities[e] as EntityPoint;
      (list[i] as Series).points.push({
        date,
        responses: points.responses,
        visibility: m.visibility,
        shareOfVoice: m.shareOfVoice,
        citationShare: m.citationShare,
        averagePosition: m.averagePosition,
        composite: m.composite,
        recommendationRate: m.recommendationRate,
        shortlistShare: m.shortlistShare,
        change: changeOf.get(changeKey(date, entity.id, engine)) ?? null,
      });
    });
  };
  for (const day of [...byDay.keys()].sort()) {
    const points = computePointMetrics({
      cells: byDay.get(day) ?? [],
      entities: scope.entities,
      weights: scope.weights,
      includeBrandResearch: filters.includeBrandResearch ?? false,
    });
    push("all", day, points);
    for (const engine of points.engines) push(engine.engine, day, engine);
  }
  const series = [...seriesByEngine.values()].flat();
  const order = new Map(scope.entities.map((e, i) => [e.id, i]));
  return {
    from,
    to,
    series: series.sort(
      (a, b) =>
        (order.get(a.entityId) ?? 0) - (order.get(b.entityId) ?? 0) ||
        (a.engine === "all" ? -1 : b.engine === "all" ? 1 : a.engine.localeCompare(b.engine)),
    ),
  };
}

/** The days' cells of the engines the filters select (days left without any dropped). */
function byEngine(
  days: Map<string, PointCell[]>,
  filters: MetricsFilters,
): Map<string, PointCell[]> {
  if (filters.engine === undefined && filters.surface === undefined) return days;
  return new Map(
    [...days].flatMap(([day, cells]) => {
      const kept = cells.filter((c) => selectsEngine(filters, c.engine));
      return kept.length > 0 ? [[day, kept] as const] : [];
    }),
  );
}
