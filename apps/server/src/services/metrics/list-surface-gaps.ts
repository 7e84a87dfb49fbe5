import type { ResponseBody } from "@geopulse/api-types";
import type { WorkspaceOperation } from "../operation.js";
import { SOURCES_LIMIT_DEFAULT } from "../sources/list-sources.js";
import { sourcesPeriod } from "../sources/sources-period.js";
import { getSurfaceGaps, MIN_PAIRED_PROMPTS } from "./surface-gaps.js";

export type SurfaceGaps = ResponseBody<"getSurfaceGap", 200>;

export interface ListSurfaceGapsOptions extends WorkspaceOperation {
  from?: string | undefined;
  to?: string | undefined;
  /** Most cited domains listed per pair (default 25). */
  limit?: number | undefined;
}

/**
 * The surface gap of a period (28 days ending today unless said, at most 366): every pair of
 * engines of one assistant family measured in it (services/metrics/surface-gaps.ts), the
 * figures the `surface_gap` report holds.
 */
export async function listSurfaceGaps(options: ListSurfaceGapsOptions): Promise<SurfaceGaps> {
  const { ctx, workspace } = options;
  const period = sourcesPeriod({ now: ctx.clock.now(), from: options.from, to: options.to });
  const pairs = await getSurfaceGaps({
    ctx,
    workspaceId: workspace.id,
    ...period,
    topDomains: options.limit ?? SOURCES_LIMIT_DEFAULT,
  });
  return {
    period,
    minPairedPrompts: MIN_PAIRED_PROMPTS,
    // The rollups name engines as text; every engine that answers is one of the contract's.
    pairs: pairs as SurfaceGaps["pairs"],
  };
}
