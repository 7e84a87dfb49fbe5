import type { AppContext } from "../../context.js";
import { bootstrapDeltas } from "../../metrics/bootstrap-deltas.js";
import type { DeltaSignificance } from "../../metrics/composite-deltas.js";
import { loadPromptCells } from "./load-prompt-cells.js";
import { filtersKey, type MetricsFilters } from "./metrics-filters.js";
import type { MetricsScope } from "./metrics-scope.js";

/**
 * The significance of the change of the brand's composite from each earlier
 * day to `date` (docs/metrics.md, "Significance of deltas"): a paired cluster
 * bootstrap over the prompts both days share (unpaired without any), from
 * the days' prompt cells, seeded by `${workspaceId}:${date}:${earlier}:${filters}`
 * so the same data gives the same interval. A day without answers in scope
 * (after the filters) is absent from the result.
 */
export async function compositeSignificance(options: {
  ctx: AppContext;
  scope: MetricsScope;
  date: string;
  earlier: readonly string[];
  filters: MetricsFilters;
}): Promise<Map<string, DeltaSignificance>> {
  const { ctx, scope, filters } = options;
  const result = new Map<string, DeltaSignificance>();
  const self = scope.entities.find((e) => e.isSelf);
  if (!self || options.earlier.length === 0) return result;
  const load = (day: string) =>
    loadPromptCells({ ctx, workspaceId: scope.workspaceId, version: scope.version, day, filters });
  const [current, ...earlier] = await Promise.all([
    load(options.date),
    ...options.earlier.map((day) => load(day)),
  ]);
  const fk = filtersKey(filters);
  options.earlier.forEach((day, i) => {
    const deltas = bootstrapDeltas({
      before: earlier[i] ?? [],
      after: current ?? [],
      entities: scope.entities,
      entityIds: [self.id],
      weights: scope.weights,
      includeBrandResearch: filters.includeBrandResearch ?? false,
      seed: `${scope.workspaceId}:${options.date}:${day}:${fk}`,
    });
    const composite = deltas?.entities[0]?.composite;
    if (!composite) return;
    const { ciLow, ciHigh, significant, method } = composite;
    result.set(day, { ciLow, ciHigh, significant, method });
  });
  return result;
}
