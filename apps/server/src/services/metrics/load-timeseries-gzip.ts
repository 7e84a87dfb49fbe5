import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { addDays } from "../../days.js";
import { CHANGE_INPUTS_PREFIX, CHANGE_WINDOW_DAYS } from "./day-changes.js";
import {
  checkTimeSeriesRange,
  type GetMetricsTimeSeriesOptions,
  getMetricsTimeSeries,
  TIMESERIES_REVISION,
} from "./get-metrics-timeseries.js";
import { loadMetricsHead } from "./load-metrics-head.js";
import { filtersKey } from "./metrics-filters.js";
import { SUMS_FORMAT } from "./stored-day-sums.js";
import { storeSeries } from "./stored-series.js";
import { rangeRevisions, rangeRevisionsSql, snapshotInputs } from "./stored-snapshots.js";

const gzipAsync = promisify(gzip);

/**
 * The time series route's body as gzipped JSON, stored in `metric_series`
 * under its query (range, entity, filters) with the fingerprint of everything
 * it was computed from: the revisions of every day its points and their
 * changes read (`from` − 34 .. `to`), the tracked entities with their names,
 * the score weights and the revisions of the computations (series, change
 * test, stored sums). A read takes the metrics head (cached), then checks the
 * fingerprint and reads the stored row in one statement, and returns it as it is; otherwise it computes the series
 * (`getMetricsTimeSeries`), gzips and stores it (at most MAX_STORED_SERIES per
 * workspace) and returns it. A year is megabytes of JSON: serialising it, and
 * the garbage that left, were most of an uncached read; gzipped, it is also a
 * sixth of the bytes to send.
 */
export async function loadMetricsTimeSeriesGzip(
  options: GetMetricsTimeSeriesOptions,
): Promise<Buffer> {
  const { ctx, from, to } = options;
  checkTimeSeriesRange(from, to);
  // The head, as every metrics read starts: cached per workspace until its data changes.
  const { scope } = await loadMetricsHead({ ctx, workspaceId: options.access.id, recentRuns: 0 });
  const query = [from, to, options.entity ?? "*", filtersKey(options.filters)].join(":");
  const [row] = await ctx.prisma.$queryRawUnsafe<
    Array<{ days: string | null; inputs: string | null; body: string | null }>
  >(
    `SELECT
       (${rangeRevisionsSql(false)}) AS days,
       s.inputs, s.body_gzip AS body
     FROM (SELECT 1) one LEFT JOIN metric_series s
       ON s.workspace_id = $1 AND s.analysis_version = $2::int AND s.query = $5`,
    scope.workspaceId,
    scope.version,
    addDays(from, 1 - CHANGE_WINDOW_DAYS),
    to,
    query,
  );
  const inputs = snapshotInputs(scope, [
    "series",
    TIMESERIES_REVISION,
    CHANGE_INPUTS_PREFIX,
    SUMS_FORMAT,
    ...scope.entities.map((e) => e.name),
    ...rangeRevisions(row?.days),
  ]);
  if (row?.body && row.inputs === inputs) return Buffer.from(row.body, "base64");
  const series = await getMetricsTimeSeries({ ...options, scope });
  const body = await gzipAsync(JSON.stringify(series));
  // A range without data is not stored: nothing to save, and any range may be asked for.
  if (row?.days) {
    await storeSeries({
      ctx,
      workspaceId: scope.workspaceId,
      version: scope.version,
      query,
      inputs,
      gzip: body,
    });
  }
  return body;
}
