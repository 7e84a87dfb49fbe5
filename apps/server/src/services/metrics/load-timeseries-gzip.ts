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
import { filtersKey } from "./metrics-filters.js";
import { loadMetricsScope } from "./metrics-scope.js";
import { packRows, unpackRows } from "./packed-rows.js";
import { SUMS_FORMAT } from "./stored-day-sums.js";
import { storeSeries } from "./stored-series.js";
import { snapshotInputs } from "./stored-snapshots.js";

const gzipAsync = promisify(gzip);

/**
 * The time series route's body as gzipped JSON, stored in `metric_series`
 * under its query (range, entity, filters) with the fingerprint of everything
 * it was computed from: the revisions of every day its points and their
 * changes read (`from` − 34 .. `to`), the tracked entities with their names,
 * the score weights and the revisions of the computations (series, change
 * test, stored sums). A read loads the scope, then checks the fingerprint and
 * reads the stored row in one statement, and returns it as it is; otherwise it computes the series
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
  const scope = await loadMetricsScope(ctx, options.access.id);
  const query = [from, to, options.entity ?? "*", filtersKey(options.filters)].join(":");
  const [row] = await ctx.prisma.$queryRawUnsafe<
    Array<{ days: string | null; inputs: string | null; body: string | null }>
  >(
    `SELECT
       (SELECT ${packRows(["day - $3::date", "revision"])} FROM metric_days
        WHERE workspace_id = $1 AND analysis_version = $2::int
          AND day BETWEEN $3::date AND $4::date) AS days,
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
    // In day order whatever order the aggregate met the rows in.
    ...unpackRows(row?.days)
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .flat(),
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
