import type { ComputeMetricsOptions, PointCell } from "./aggregates.js";
import {
  addCellToBlock,
  blockWidth,
  checkedWeights,
  countedCells,
  entityOffset,
  type PointValues,
  pointValues,
  poolBlocks,
} from "./compute-metrics.js";

export interface EntityPoint extends PointValues {
  entityId: string;
  isSelf: boolean;
}

export interface ScopePoints {
  responses: number;
  entities: EntityPoint[];
}

/** Point values pooled over every engine, and per engine (sorted by name). */
export interface PointMetrics extends ScopePoints {
  engines: Array<ScopePoints & { engine: string }>;
}

/**
 * The point values `computeMetrics` reports for the same cells, without
 * intervals: every metric is a ratio of sums, so one block of sums per engine
 * (and their pool) is all it takes; no per-prompt layout and no bootstrap.
 * For series and deltas, which show values only. Sums of counts are exact
 * integers in any order, so the values are identical to `computeMetrics`'.
 */
export function computePointMetrics(
  options: Omit<ComputeMetricsOptions, "cells" | "seed" | "resamples"> & { cells: PointCell[] },
): PointMetrics {
  const weights = checkedWeights(options.weights);
  const { entities } = options;
  const block = blockWidth(entities.length);
  const sums = new Map<string, Float64Array>();
  for (const cell of countedCells(options)) {
    let target = sums.get(cell.engine);
    if (!target) {
      target = new Float64Array(block);
      sums.set(cell.engine, target);
    }
    addCellToBlock(target, 0, cell, entities);
  }
  const engines = [...sums.keys()].sort();
  const engineTotals = new Float64Array(block * engines.length);
  for (const [k, engine] of engines.entries()) {
    engineTotals.set(sums.get(engine) as Float64Array, k * block);
  }
  const scope = (totals: Float64Array): ScopePoints => ({
    responses: totals[0] as number,
    entities: entities.map((entity, e) => ({
      entityId: entity.id,
      isSelf: entity.isSelf,
      ...pointValues(totals, entityOffset(e), weights),
    })),
  });
  return {
    ...scope(poolBlocks(engineTotals, engines.length, block)),
    engines: engines.map((engine, k) => ({
      engine,
      ...scope(engineTotals.subarray(k * block, (k + 1) * block)),
    })),
  };
}
