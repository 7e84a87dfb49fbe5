import type { SeoRefresh as SeoRefreshResponse } from "@geopulse/api-types";
import type { SeoRefresh } from "@geopulse/db";
import { jobTimes } from "../metered-jobs/job-fields.js";

type SourceName = SeoRefreshResponse["progress"][number]["source"];

/** A refresh as the contract reports it; `costMicrousd` is the ledger's charge (0 until settled). */
export function toSeoRefreshResponse(row: SeoRefresh, slug: string): SeoRefreshResponse {
  const progress = (row.sources as SourceName[]).map((source) =>
    source === "search_console"
      ? { source, pagesFetched: row.gscPages, rowsStored: row.gscRows, done: row.gscDone }
      : { source, pagesFetched: row.ga4Pages, rowsStored: row.ga4Rows, done: row.ga4Done },
  );
  return {
    refreshId: row.id,
    workspace: slug,
    status: row.status as SeoRefreshResponse["status"],
    from: row.fromDate,
    to: row.toDate,
    progress,
    skippedSources: row.skippedSources as SeoRefreshResponse["skippedSources"],
    rowsStored: progress.reduce((n, p) => n + p.rowsStored, 0),
    truncated: row.truncated,
    reservedMicrousd: Number(row.reservedMicrousd),
    costMicrousd: Number(row.costMicrousd),
    error: row.error,
    ...jobTimes(row),
  };
}
