import type { ResponseBody } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import type { EntityMetrics } from "../../metrics/aggregates.js";
import { computeMetrics } from "../../metrics/compute-metrics.js";
import { loadDailySums } from "./load-daily-sums.js";
import { checkDay, type MetricsFilters } from "./metrics-filters.js";
import { loadMetricsScope } from "./metrics-scope.js";

export type MetricsTimeSeries = ResponseBody<"getMetricsTimeSeries", 200>;
type Point = MetricsTimeSeries["series"][number]["points"][number];

/** Longest range one request may ask for, in days. */
export const MAX_TIMESERIES_DAYS = 366;

export interface GetMetricsTimeSeriesOptions {
  ctx: AppContext;
  access: WorkspaceAccess;
  from: string;
  to: string;
  entity?: string | undefined;
  filters: MetricsFilters;
}

/**
 * Daily point values per entity, pooled and per engine, over a range. The
 * rollups are summed per (day, engine, category) in the database (a
 * bounded result whatever the number of prompts), and each day's sums go
 * through the same `computeMetrics` as the metrics route: every metric is a
 * ratio of sums, so the points equal that route's values (without intervals).
 */
export async function getMetricsTimeSeries(
  options: GetMetricsTimeSeriesOptions,
): Promise<MetricsTimeSeries> {
  const { ctx, filters } = options;
  const from = checkDay(options.from, "query.from");
  const to = checkDay(options.to, "query.to");
  const span = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (span < 1) throw errors.field("query.to", "range", "to must not be before from.");
  if (span > MAX_TIMESERIES_DAYS) {
    throw errors.field("query.to", "range", `The range spans at most ${MAX_TIMESERIES_DAYS} days.`);
  }
  const scope = await loadMetricsScope(ctx, options.access.id);
  const byDay = await loadDailySums({
    ctx,
    workspaceId: scope.workspaceId,
    version: scope.version,
    days: { from, to },
    filters,
  });

  const shown = scope.entities.filter((e) => !options.entity || e.id === options.entity);
  const series = new Map<string, MetricsTimeSeries["series"][number]>();
  const pointOf = (date: string, responses: number, m: EntityMetrics): Point => ({
    date,
    responses,
    visibility: m.visibility.value,
    shareOfVoice: m.shareOfVoice.value,
    citationShare: m.citationShare.value,
    averagePosition: m.averagePosition,
    composite: m.composite.value,
  });
  const push = (engine: string, date: string, responses: number, metrics: EntityMetrics[]) => {
    if (responses === 0) return;
    for (const entity of shown) {
      const m = metrics.find((x) => x.entityId === entity.id);
      if (!m) continue;
      const key = `${entity.id}\u0000${engine}`;
      const s = series.get(key) ?? {
        entity: entity.name,
        entityId: entity.id,
        isSelf: entity.isSelf,
        engine,
        points: [],
      };
      s.points.push(pointOf(date, responses, m));
      series.set(key, s);
    }
  };
  for (const day of [...byDay.keys()].sort()) {
    const snapshot = computeMetrics({
      cells: byDay.get(day) ?? [],
      entities: scope.entities,
      weights: scope.weights,
      includeBrandResearch: filters.includeBrandResearch ?? false,
      seed: day,
      resamples: 1,
    });
    push("all", day, snapshot.responses, snapshot.entities);
    for (const engine of snapshot.engines)
      push(engine.engine, day, engine.responses, engine.entities);
  }
  const order = new Map(scope.entities.map((e, i) => [e.id, i]));
  return {
    from,
    to,
    series: [...series.values()].sort(
      (a, b) =>
        (order.get(a.entityId) ?? 0) - (order.get(b.entityId) ?? 0) ||
        (a.engine === "all" ? -1 : b.engine === "all" ? 1 : a.engine.localeCompare(b.engine)),
    ),
  };
}
