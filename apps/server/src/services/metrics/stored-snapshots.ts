import { createHash } from "node:crypto";
import type { AppContext } from "../../context.js";
import { upsertJsonRows } from "../sql/insert-json-rows.js";
import type { MetricsScope } from "./metrics-scope.js";
import { packRows, unpackRows } from "./packed-rows.js";

/**
 * The revision of how a day's snapshot and changes are computed: a release
 * that changes the computation (metrics, intervals, deltas, their JSON)
 * bumps it, so every stored row reads as outdated and is computed again.
 */
export const SNAPSHOT_REVISION = 1;

const SNAPSHOT_COLUMNS = {
  workspace_id: "text",
  analysis_version: "int",
  day: "date",
  filters: "text",
  compared_to: "text",
  inputs: "text",
  body: "text",
  updated_at: "timestamptz",
};

/** A stored computation of one day and filter set: its own snapshot (`""`) or its changes since a day. */
export interface StoredSnapshot {
  comparedTo: string;
  inputs: string;
  body: string;
}

/**
 * The fingerprint of what a stored row was computed from: the computation's
 * revision, the analysis version, the tracked entities, the score weights and
 * the revisions of the days it read (the day's, and the earlier day's for
 * changes). A write to a day bumps its revision, so any change of the data,
 * the entities or the weights changes the inputs.
 */
export function snapshotInputs(
  scope: MetricsScope,
  revisions: readonly (number | string)[],
): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        SNAPSHOT_REVISION,
        scope.version,
        scope.entities.map((e) => [e.id, e.isSelf]),
        scope.weights,
        revisions,
      ]),
    )
    .digest("base64url");
}

/**
 * SQL of one packed value: (day − $3, revision) of every day of the workspace
 * ($1) and version ($2) from $3 to $4 (with answers when `withAnswers`), for
 * `rangeRevisions`: what a stored view of a range of days fingerprints.
 */
export function rangeRevisionsSql(withAnswers: boolean): string {
  return `SELECT ${packRows(["day - $3::date", "revision"])} FROM metric_days
    WHERE workspace_id = $1 AND analysis_version = $2::int
      AND day BETWEEN $3::date AND $4::date${withAnswers ? " AND responses > 0" : ""}`;
}

/** `rangeRevisionsSql`'s value as [offset, revision] text pairs in day order, flattened. */
export function rangeRevisions(packed: string | null | undefined): string[] {
  // In day order whatever order the aggregate met the rows in.
  return unpackRows(packed)
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .flat();
}

/**
 * The stored rows of `day` and `filters` among `comparedTo`, whatever their
 * inputs (the caller compares them with the current ones), in one statement.
 */
export async function readStoredSnapshots(options: {
  ctx: AppContext;
  scope: MetricsScope;
  day: string;
  filters: string;
  comparedTo: readonly string[];
}): Promise<Map<string, StoredSnapshot>> {
  const { ctx, scope } = options;
  const rows = await ctx.prisma.$queryRawUnsafe<StoredSnapshot[]>(
    `SELECT compared_to AS "comparedTo", inputs, body FROM metric_snapshots
     WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date
       AND filters = $4 AND compared_to = ANY($5::text[])`,
    scope.workspaceId,
    scope.version,
    options.day,
    options.filters,
    options.comparedTo,
  );
  return new Map(rows.map((r) => [r.comparedTo, r]));
}

/**
 * Stores computed rows of `day` and `filters` in one statement, replacing
 * what was stored under the same keys (two processes computing the same day
 * write the same body: the last write wins).
 */
export async function storeSnapshots(options: {
  ctx: AppContext;
  scope: MetricsScope;
  day: string;
  filters: string;
  rows: readonly StoredSnapshot[];
}): Promise<void> {
  const { ctx, scope, rows } = options;
  const now = ctx.clock.now().toISOString();
  await upsertJsonRows(ctx.prisma, {
    table: "metric_snapshots",
    columns: SNAPSHOT_COLUMNS,
    key: ["workspace_id", "analysis_version", "day", "filters", "compared_to"],
    rows: rows.map((r) => ({
      workspace_id: scope.workspaceId,
      analysis_version: scope.version,
      day: options.day,
      filters: options.filters,
      compared_to: r.comparedTo,
      inputs: r.inputs,
      body: r.body,
      updated_at: now,
    })),
  });
}

/** Stored rows not rewritten for this long are dropped by the refresh job (a read stores them again). */
export const SNAPSHOT_RETENTION_DAYS = 30;

/**
 * Drops a workspace's stored rows not rewritten for SNAPSHOT_RETENTION_DAYS
 * days: old days and filter sets nobody reads any more, and the changes of
 * comparison days a newer day replaced. Returns how many went.
 */
export async function dropOldSnapshots(ctx: AppContext, workspaceId: string): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - SNAPSHOT_RETENTION_DAYS * 86_400_000);
  return ctx.prisma.$executeRawUnsafe(
    "DELETE FROM metric_snapshots WHERE workspace_id = $1 AND updated_at < $2",
    workspaceId,
    before,
  );
}
