import type { ExcludedAnswers } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { isCountedCategory, type MetricsSnapshot } from "../../metrics/aggregates.js";
import { computeMetrics } from "../../metrics/compute-metrics.js";
import { loadPromptCells, loadTopCitedDomains } from "./load-prompt-cells.js";
import { filtersKey, type MetricsFilters } from "./metrics-filters.js";
import type { MetricsScope } from "./metrics-scope.js";

export interface DaySnapshot {
  snapshot: MetricsSnapshot;
  topCitedDomains: Array<{ domain: string; count: number; taxonomy: string }>;
  /** What the metrics leave out of the filtered day's answers (brand research). */
  excluded: ExcludedAnswers;
}

export const nothingExcluded: ExcludedAnswers = {
  brandResearchAnswers: 0,
  brandResearchPrompts: 0,
};

export const TOP_CITED_DOMAINS = 10;

/**
 * Computes the metrics of one day with data (and its most-cited domains),
 * with intervals, from its prompt rollups. Bootstrap seed
 * `${workspaceId}:${day}:${filters}`: the same data gives the same intervals.
 * Reads go through `loadDayView` (day-view.ts), which keeps and stores the
 * result.
 */
export async function computeDaySnapshot(options: {
  ctx: AppContext;
  scope: MetricsScope;
  day: string;
  filters: MetricsFilters;
}): Promise<DaySnapshot> {
  const { ctx, scope, day, filters } = options;
  const fk = filtersKey(filters);
  const cells = await loadPromptCells({
    ctx,
    workspaceId: scope.workspaceId,
    version: scope.version,
    day,
    filters,
  });
  const snapshot = computeMetrics({
    cells,
    entities: scope.entities,
    weights: scope.weights,
    includeBrandResearch: filters.includeBrandResearch ?? false,
    seed: `${scope.workspaceId}:${day}:${fk}`,
  });
  const topCitedDomains = await loadTopCitedDomains({
    ctx,
    workspaceId: scope.workspaceId,
    version: scope.version,
    day,
    filters,
    limit: TOP_CITED_DOMAINS,
  });
  const left = filters.includeBrandResearch
    ? []
    : cells.filter((c) => !isCountedCategory(c.category));
  const excluded: ExcludedAnswers = {
    brandResearchAnswers: left.reduce((sum, c) => sum + c.responses, 0),
    brandResearchPrompts: new Set(left.map((c) => c.promptId)).size,
  };
  return { snapshot, topCitedDomains, excluded };
}
