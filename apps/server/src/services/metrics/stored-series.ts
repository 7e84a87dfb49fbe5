import type { AppContext } from "../../context.js";
import { upsertJsonRows } from "../sql/insert-json-rows.js";

/** Stored time series not rewritten for this long are dropped by the refresh job. */
export const SERIES_RETENTION_DAYS = 2;
/**
 * Time series kept per workspace, the most recently written: each range,
 * entity and filter set is a row (a year gzipped is a few hundred kilobytes),
 * and a caller may ask for many.
 */
export const MAX_STORED_SERIES = 16;

/**
 * Stores a computed time series (its JSON gzipped) under its query, replacing
 * the query's row, then drops the workspace's rows beyond the
 * MAX_STORED_SERIES most recently written.
 */
export async function storeSeries(options: {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  query: string;
  inputs: string;
  gzip: Buffer;
}): Promise<void> {
  const { ctx, workspaceId, version } = options;
  await upsertJsonRows(ctx.prisma, {
    table: "metric_series",
    columns: {
      workspace_id: "text",
      analysis_version: "int",
      query: "text",
      inputs: "text",
      body_gzip: "text",
      updated_at: "timestamptz",
    },
    key: ["workspace_id", "analysis_version", "query"],
    rows: [
      {
        workspace_id: workspaceId,
        analysis_version: version,
        query: options.query,
        inputs: options.inputs,
        body_gzip: options.gzip.toString("base64"),
        updated_at: ctx.clock.now().toISOString(),
      },
    ],
  });
  await ctx.prisma.$executeRawUnsafe(
    // The row just written is kept whatever the order of rows written at the same instant.
    `DELETE FROM metric_series WHERE workspace_id = $1 AND (analysis_version, query) NOT IN (
       SELECT analysis_version, query FROM metric_series WHERE workspace_id = $1
       ORDER BY (analysis_version = $3::int AND query = $4) DESC, updated_at DESC, query
       LIMIT $2::int)`,
    workspaceId,
    MAX_STORED_SERIES,
    version,
    options.query,
  );
}

/** Drops a workspace's stored time series not rewritten for SERIES_RETENTION_DAYS days. */
export async function dropOldSeries(ctx: AppContext, workspaceId: string): Promise<number> {
  return ctx.prisma.$executeRawUnsafe(
    "DELETE FROM metric_series WHERE workspace_id = $1 AND updated_at < $2",
    workspaceId,
    new Date(ctx.clock.now().getTime() - SERIES_RETENTION_DAYS * 86_400_000),
  );
}
