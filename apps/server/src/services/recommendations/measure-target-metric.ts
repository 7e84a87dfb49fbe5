import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import type { PointCell } from "../../metrics/aggregates.js";
import {
  estimateTargetMetric,
  type TargetEstimate,
  targetCells,
} from "../../metrics/recommendation-impact.js";
import { loadDeltaCells } from "../metrics/load-delta-cells.js";

/** What a recommendation's metric is measured on. */
export interface MetricTarget {
  /** The target's prompts; empty: every prompt. */
  promptIds: readonly string[];
  /** The target's engines; empty: every engine. */
  engines: readonly string[];
}

/** One day of a target: its cells (per engine and prompt) and the metric on them. */
export interface TargetDay {
  cells: PointCell[];
  /** Null when the metric is not measured from rollups or the day has no answers in the target. */
  estimate: TargetEstimate | null;
}

/**
 * A target's metric on the given days, from the per-prompt rollups
 * (`metric_cells`, `metric_entity_counts` at the current analysis version,
 * `brand_research` left out), restricted to the target's prompts and engines,
 * for one entity (the brand, `self`, by default): value, 95% interval (cluster
 * bootstrap over prompts, seeded by `seed` and the day) and answers. Every
 * other tracked entity counts in share of voice's denominator. Days without
 * answers in the target are absent.
 */
export async function measureTargetMetric(options: {
  ctx: AppContext;
  workspaceId: string;
  metric: string;
  target: MetricTarget;
  days: readonly string[];
  entityId?: string;
  seed: string;
}): Promise<Map<string, TargetDay>> {
  const { ctx, workspaceId } = options;
  const entityId = options.entityId ?? "self";
  const competitors = await ctx.prisma.competitor.findMany({
    where: { workspaceId },
    select: { id: true },
  });
  const cells = await loadDeltaCells({
    ctx,
    workspaceId,
    version: ANALYSIS_VERSION,
    days: options.days,
    selfId: entityId,
    entityIds: ["self", ...competitors.map((c) => c.id)],
    filters: {},
  });
  const result = new Map<string, TargetDay>();
  for (const day of options.days) {
    const perEngine = [...(cells.get(day)?.brandByEngine.values() ?? [])].flat();
    const inTarget = targetCells(perEngine, options.target);
    if (inTarget.length === 0) continue;
    result.set(day, {
      cells: inTarget,
      estimate: estimateTargetMetric({
        metric: options.metric,
        cells: inTarget,
        entityId,
        seed: `${options.seed}:${day}`,
      }),
    });
  }
  return result;
}
