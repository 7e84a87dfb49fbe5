import type { ResponseBody } from "@geopulse/api-types";
import type { Surface } from "../../engines/engine-registry.js";
import { loadMetricsScope } from "../metrics/metrics-scope.js";
import type { WorkspaceOperation } from "../operation.js";
import { classifyCitedDomains } from "./classify-cited-domains.js";
import { type CitedDomain, loadCitedSources } from "./load-cited-sources.js";
import { previousPeriodOf } from "./previous-period.js";
import { sourcesPeriod } from "./sources-period.js";

export type CitedSources = ResponseBody<"listSources", 200>;

export interface ListSourcesOptions extends WorkspaceOperation {
  from?: string | undefined;
  to?: string | undefined;
  limit?: number | undefined;
  /** Only answers read from this surface. */
  surface?: Surface | undefined;
}

/** Lists hold at most this many items when `limit` is not given (as the report). */
export const SOURCES_LIMIT_DEFAULT = 25;

/**
 * The period's cited domains (with the previous period's counts) and URLs,
 * the new and lost domains, and the domains read without being cited: the cited sources report's figures, read for
 * any period. No previous period (null) when the one of the same length would start before
 * 2000-01-01: then no domain is new or lost.
 */
export async function listSources(options: ListSourcesOptions): Promise<CitedSources> {
  const { ctx, workspace } = options;
  const limit = options.limit ?? SOURCES_LIMIT_DEFAULT;
  const period = sourcesPeriod({ now: ctx.clock.now(), from: options.from, to: options.to });
  const previous = previousPeriodOf(period);
  const scope = await loadMetricsScope(ctx, workspace.id);
  const sources = await loadCitedSources({
    ctx,
    workspaceId: workspace.id,
    version: scope.version,
    period,
    previous,
    limit,
    surface: options.surface,
  });
  const { current, added, lost } = classifyCitedDomains(sources.domains, previous !== null);
  const item = (d: CitedDomain) => ({
    ...d,
    isNew: previous !== null && d.count > 0 && d.previous === 0,
    isLost: d.count === 0 && d.previous > 0,
  });
  return {
    period,
    previousPeriod: previous,
    domains: current.slice(0, limit).map(item),
    urls: sources.urls,
    newDomains: added.slice(0, limit).map(item),
    lostDomains: lost.slice(0, limit).map(item),
    usedDomains: sources.usedDomains,
    totals: {
      domains: current.length,
      newDomains: added.length,
      lostDomains: lost.length,
      usedDomains: sources.usedTotal,
    },
  };
}
