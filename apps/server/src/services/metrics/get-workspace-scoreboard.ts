import type { Scoreboard } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import type { EntityMetrics } from "../../metrics/aggregates.js";
import { comparisonDays, compositeChanges, noChanges } from "../../metrics/composite-deltas.js";
import { compositeSignificance } from "./composite-significance.js";
import { type DaySnapshot, daySnapshot, selfComposites } from "./day-snapshot.js";
import { loadMetricsHead, type MetricsHead } from "./load-metrics-head.js";
import { checkDay, type MetricsFilters } from "./metrics-filters.js";
import type { MetricsScope } from "./metrics-scope.js";

export interface GetMetricsOptions {
  ctx: AppContext;
  access: WorkspaceAccess;
  /** `YYYY-MM-DD`; default the latest day with data, else today (UTC). */
  date?: string | undefined;
  filters: MetricsFilters;
}

export interface ScoreboardView {
  scope: MetricsScope;
  scoreboard: Scoreboard;
  /** The day's snapshot, or null when the day has no data. */
  day: DaySnapshot | null;
}

type EngineMetrics = Scoreboard["engines"][number]["metrics"];

/** The requested day (checked), and the metrics head read up to it with `recentRuns` runs. */
export async function loadScoreboardHead(
  options: GetMetricsOptions,
  recentRuns: number,
): Promise<{ requested: string | undefined; head: MetricsHead }> {
  const requested = options.date === undefined ? undefined : checkDay(options.date, "query.date");
  const head = await loadMetricsHead({
    ctx: options.ctx,
    workspaceId: options.access.id,
    upTo: requested,
    recentRuns,
  });
  return { requested, head };
}

/** The scoreboard of a day from its head; also the first half of the metrics view. */
export async function buildScoreboard(
  options: GetMetricsOptions,
  requested: string | undefined,
  { scope, days }: MetricsHead,
): Promise<ScoreboardView> {
  const { ctx, filters } = options;
  const date = requested ?? days[0]?.day ?? ctx.clock.now().toISOString().slice(0, 10);
  const current = days.find((d) => d.day === date);
  const empty: Scoreboard = {
    brand: scope.brand,
    date,
    composite: {
      value: 0,
      ciLow: 0,
      ciHigh: 0,
      n: 0,
      entity: scope.brand,
      ...noChanges,
    },
    engines: [],
  };
  if (!current) return { scope, scoreboard: empty, day: null };

  const day = await daySnapshot({ ctx, scope, day: current, filters });
  const self = selfOf(day.snapshot.entities);
  const compare = comparisonDays(
    date,
    days.map((d) => d.day),
  );
  const wanted = new Set([compare.previous, compare.d7, compare.d28]);
  const compared = days.filter((d) => wanted.has(d.day));
  // Independent reads of the same days: a day without answers in scope is absent from both.
  const [earlier, significance] = await Promise.all([
    selfComposites({ ctx, scope, days: compared, filters }),
    compositeSignificance({ ctx, scope, day: current, earlier: compared, filters }),
  ]);
  const on = (date: string | undefined) => {
    const value = date === undefined ? undefined : earlier.get(date);
    const interval = date === undefined ? undefined : significance.get(date);
    return date === undefined || value === undefined || interval === undefined
      ? undefined
      : { date, value, significance: interval };
  };
  // A day the filters leave without answers has no value to compare.
  const changes = compositeChanges(
    self && self.composite.n > 0 ? self.composite.value : undefined,
    {
      previous: on(compare.previous),
      d7: on(compare.d7),
      d28: on(compare.d28),
    },
  );
  return {
    scope,
    day,
    scoreboard: {
      brand: scope.brand,
      date,
      composite: self
        ? {
            value: self.composite.value,
            ciLow: self.composite.ciLow,
            ciHigh: self.composite.ciHigh,
            n: self.composite.n,
            entity: scope.brand,
            ...changes,
          }
        : empty.composite,
      engines: day.snapshot.engines.map((engine) => ({
        engine: engine.engine,
        metrics: toEngineMetrics(engine.responses, selfOf(engine.entities)),
      })),
    },
  };
}

export async function getWorkspaceScoreboard(options: GetMetricsOptions): Promise<Scoreboard> {
  const { requested, head } = await loadScoreboardHead(options, 0);
  return (await buildScoreboard(options, requested, head)).scoreboard;
}

function selfOf(entities: EntityMetrics[]): EntityMetrics | undefined {
  return entities.find((e) => e.isSelf);
}

const zero = { value: 0, ciLow: 0, ciHigh: 0, n: 0 };

function toEngineMetrics(responses: number, self: EntityMetrics | undefined): EngineMetrics {
  return {
    responses,
    visibility: self?.visibility ?? zero,
    shareOfVoice: self?.shareOfVoice ?? zero,
    citationShare: self?.citationShare ?? zero,
    averagePosition: self?.averagePosition ?? null,
    mentionCount: self?.mentionCount ?? 0,
    sentiment: self?.sentiment ?? null,
    composite: self?.composite ?? zero,
  };
}
