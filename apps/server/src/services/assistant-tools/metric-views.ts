import type { DeltaComparisons, Scoreboard } from "@geopulse/api-types";
import type { Surface } from "../../engines/engine-registry.js";
import type { MetricsFilters } from "../metrics/metrics-filters.js";
import type { AssistantCitation } from "./types.js";

/**
 * Compact views of the metrics routes' answers for a model: the same numbers,
 * without the fields that only repeat them (`method`, a comparison with no day).
 */
export function compactComparisons(comparisons: DeltaComparisons) {
  return Object.fromEntries(
    Object.entries(comparisons).map(([key, c]) => [
      key,
      c.date === null
        ? null
        : {
            date: c.date,
            delta: c.delta,
            ciLow: c.ciLow,
            ciHigh: c.ciHigh,
            significant: c.significant,
          },
    ]),
  );
}

type Estimate = { value: number; ciLow: number; ciHigh: number; n: number };

export function compactEstimate<E extends Estimate & { comparisons?: DeltaComparisons }>(e: E) {
  return {
    value: e.value,
    ciLow: e.ciLow,
    ciHigh: e.ciHigh,
    n: e.n,
    ...(e.comparisons ? { comparisons: compactComparisons(e.comparisons) } : {}),
  };
}

export function compactScoreboard(scoreboard: Scoreboard) {
  const { composite } = scoreboard;
  return {
    brand: scoreboard.brand,
    date: scoreboard.date,
    composite: {
      ...compactEstimate(composite),
      surfaces: composite.surfaces,
      deltas: composite.deltas,
      comparisons: compactComparisons(composite.comparisons),
    },
    engines: scoreboard.engines.map(({ engine, metrics }) => ({
      engine,
      responses: metrics.responses,
      visibility: compactEstimate(metrics.visibility),
      shareOfVoice: compactEstimate(metrics.shareOfVoice),
      citationShare: compactEstimate(metrics.citationShare),
      averagePosition: metrics.averagePosition,
      mentionCount: metrics.mentionCount,
      sentiment: metrics.sentiment,
      composite: compactEstimate(metrics.composite),
      recommendationRate: compactEstimate(metrics.recommendationRate),
      shortlistShare: compactEstimate(metrics.shortlistShare),
    })),
  };
}

/** The metrics filters a tool's arguments select (brand-research prompts left out, as the API's default). */
export function metricsFiltersOf(args: {
  engine?: string | undefined;
  surface?: Surface | undefined;
  category?: string | undefined;
}): MetricsFilters {
  return {
    engine: args.engine,
    surface: args.surface,
    category: args.category,
    includeBrandResearch: false,
  };
}

/** A metric citation: the metric and exactly the filter it was read with. */
export function metricCitation(
  metric: string,
  filter: Record<string, string | number | null | undefined>,
): AssistantCitation {
  const given = Object.entries(filter).filter(
    (entry): entry is [string, string | number | null] => entry[1] !== undefined,
  );
  return { kind: "metric", metric, filter: Object.fromEntries(given) };
}

/** 0.4123 as "41.2%". */
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
