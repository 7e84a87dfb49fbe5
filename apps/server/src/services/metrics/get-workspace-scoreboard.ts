import type { DeltaComparisons, Scoreboard } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { dayOf } from "../../days.js";
import { engineProfile, SURFACES, type Surface } from "../../engines/engine-registry.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import type { EntityMetrics } from "../../metrics/aggregates.js";
import type { DeltaEstimate } from "../../metrics/bootstrap-deltas.js";
import {
  type ComparedDays,
  compositeChanges,
  deltaComparisons,
  noChanges,
  noComparisons,
} from "../../metrics/composite-deltas.js";
import { type DaySnapshot, nothingExcluded } from "./day-snapshot.js";
import { loadDayView } from "./day-view.js";
import type { DayChanges } from "./delta-significance.js";
import { loadMetricsHead, type MetricsHead } from "./load-metrics-head.js";
import type { MetricsFilters } from "./metrics-filters.js";
import type { MetricsScope } from "./metrics-scope.js";

export interface GetMetricsOptions {
  ctx: AppContext;
  access: WorkspaceAccess;
  /** `YYYY-MM-DD`; default the latest day with data, else today (UTC). */
  date?: string | undefined;
  filters: MetricsFilters;
}

/** The comparison days of a metric picked from each day's changes (undefined: none). */
type ComparisonsOf = (pick: (changes: DayChanges) => DeltaEstimate | undefined) => ComparedDays;

export interface ScoreboardView {
  scope: MetricsScope;
  scoreboard: Scoreboard;
  /** The day's snapshot, or null when the day has no data. */
  day: DaySnapshot | null;
  /** The comparisons of a metric picked from each comparison day's changes. */
  comparisons: (pick: (changes: DayChanges) => DeltaEstimate | undefined) => DeltaComparisons;
}

type EngineMetrics = Scoreboard["engines"][number]["metrics"];

/** The requested day (checked), and the metrics head read up to it with `recentRuns` runs. */
export async function loadScoreboardHead(
  options: GetMetricsOptions,
  recentRuns: number,
): Promise<{ requested: string | undefined; head: MetricsHead }> {
  const requested = options.date;
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
  const date = requested ?? days[0]?.day ?? dayOf(ctx.clock.now());
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
      surfaces: [],
      ...noChanges,
    },
    engines: [],
    excluded: nothingExcluded,
  };
  if (!current) return { scope, scoreboard: empty, day: null, comparisons: () => noComparisons };

  const { compare, day, changes } = await loadDayView({ ctx, scope, days, current, filters });
  const self = selfOf(day.snapshot.entities);
  // A comparison day the filters leave without answers (or the day itself) compares nothing.
  const comparisons: ComparisonsOf = (pick) => {
    const on = (then: string | undefined) => {
      const changed = then === undefined ? undefined : changes.get(then);
      const change = changed && pick(changed);
      return then === undefined || change === undefined ? undefined : { date: then, change };
    };
    return { previous: on(compare.previous), d7: on(compare.d7), d28: on(compare.d28) };
  };
  const composite = compositeChanges(comparisons((c) => c.brand.composite));
  return {
    scope,
    day,
    comparisons: (pick) => deltaComparisons(comparisons(pick)),
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
            surfaces: surfacesOf(day.snapshot.engines),
            ...composite,
          }
        : empty.composite,
      engines: day.snapshot.engines.map((engine) => {
        const on = (metric: "visibility" | "shareOfVoice") =>
          deltaComparisons(comparisons((c) => c.engines.get(engine.engine)?.[metric]));
        return {
          engine: engine.engine,
          metrics: toEngineMetrics(engine.responses, selfOf(engine.entities), on),
        };
      }),
      excluded: day.excluded,
    },
  };
}

export async function getWorkspaceScoreboard(options: GetMetricsOptions): Promise<Scoreboard> {
  const { requested, head } = await loadScoreboardHead(options, 0);
  return (await buildScoreboard(options, requested, head)).scoreboard;
}

/** The surfaces of the engines with answers behind the composite, in the contract's order. */
function surfacesOf(engines: Array<{ engine: string; responses: number }>): Surface[] {
  const read = new Set(
    engines.filter((e) => e.responses > 0).map((e) => engineProfile(e.engine).surface),
  );
  return SURFACES.filter((surface) => read.has(surface));
}

function selfOf(entities: EntityMetrics[]): EntityMetrics | undefined {
  return entities.find((e) => e.isSelf);
}

const zero = { value: 0, ciLow: 0, ciHigh: 0, n: 0 };

function toEngineMetrics(
  responses: number,
  self: EntityMetrics | undefined,
  comparisons: (metric: "visibility" | "shareOfVoice") => DeltaComparisons,
): EngineMetrics {
  return {
    responses,
    visibility: { ...(self?.visibility ?? zero), comparisons: comparisons("visibility") },
    shareOfVoice: { ...(self?.shareOfVoice ?? zero), comparisons: comparisons("shareOfVoice") },
    citationShare: self?.citationShare ?? zero,
    averagePosition: self?.averagePosition ?? null,
    mentionCount: self?.mentionCount ?? 0,
    sentiment: self?.sentiment ?? null,
    composite: self?.composite ?? zero,
    recommendationRate: self?.recommendationRate ?? zero,
    shortlistShare: self?.shortlistShare ?? zero,
  };
}
