import { createHash } from "node:crypto";
import type { AppContext } from "../../context.js";
import { addDays, dayNumber } from "../../days.js";
import {
  CHANGE_METHOD,
  CHANGE_TEST_REVISION,
  DEFAULT_CHANGE_FDR,
  type DetectedChange,
  detectChangesInSteps,
} from "../../metrics/detect-changes.js";
import { runInSlices } from "../analysis/cpu-slices.js";
import { upsertJsonRows } from "../sql/insert-json-rows.js";
import { loadVisibilitySeries } from "./load-entity-count-series.js";
import type { MetricsFilters } from "./metrics-filters.js";
import type { MetricsScope } from "./metrics-scope.js";
import { packRows, unpackRows } from "./packed-rows.js";

/** Days a day's test reads: the 7 of its week and the 28 before them. */
export const CHANGE_WINDOW_DAYS = 35;
/**
 * The start of every stored day's fingerprint: a release that changes the test
 * (its method or revision) or its false discovery rate changes it, so every stored day reads as
 * outdated and is computed again.
 */
export const CHANGE_INPUTS_PREFIX = `${CHANGE_METHOD}.${CHANGE_TEST_REVISION}@${DEFAULT_CHANGE_FDR}:`;
/** Days computed from one read of prompt rollups (plus the 34 before them): bounds memory. */
const REFRESH_SPAN_DAYS = 60;

/** Whether the filters select a subset of the answers change detection persists. */
export function isFilteredForChanges(filters: MetricsFilters): boolean {
  return (
    filters.category !== undefined ||
    filters.language !== undefined ||
    filters.region !== undefined ||
    filters.surface !== undefined ||
    (filters.includeBrandResearch ?? false)
  );
}

/**
 * The visibility changes detected on the days of `from`..`to` (docs/metrics.md,
 * "Change detection"), per entity, per engine and pooled; the engine filter is
 * not applied (callers pick the series they show). A day's changes depend only
 * on the day and the 34 before it (Benjamini-Hochberg over that day's tests).
 * Unfiltered, they are read from `metric_change_days`, where each day's row
 * carries the fingerprint of its inputs (the revisions of its 35 days, the
 * analysis version and the entities): the days whose fingerprint is missing or outdated are computed
 * from the prompt rollups and written back (`refreshDayChanges`), the rest
 * are read as stored. With a surface, category, language, region or brand-research
 * filter, computed from the filtered prompt rollups on every request.
 */
export async function loadDayChanges(options: {
  ctx: AppContext;
  scope: MetricsScope;
  from: string;
  to: string;
  filters: MetricsFilters;
}): Promise<DetectedChange[]> {
  const { ctx, scope, from, to } = options;
  const filters = { ...options.filters, engine: undefined };
  if (isFilteredForChanges(filters)) {
    const changes = await detectChangesOf({ ctx, scope, from, to, filters });
    return changes.filter((c) => c.date >= from && c.date <= to);
  }
  const state = await readChangeDays(ctx, scope, from, to);
  const stale = state.days.filter((d) => d.stored?.inputs !== d.inputs);
  const fresh = stale.length > 0 ? await refreshDayChanges(ctx, scope, stale) : new Map();
  return state.days.flatMap((d) => fresh.get(d.day) ?? d.stored?.changes ?? []);
}

export interface ChangeDayState {
  day: string;
  /** The fingerprint of the day's inputs now. */
  inputs: string;
  stored: { inputs: string; changes: DetectedChange[] } | undefined;
}

/**
 * The days with data of `from`..`to`, each with the fingerprint of its inputs
 * (from the revisions of the day and the 34 before it) and its stored row, in
 * one round trip. A stored row whose fingerprint differs is stale.
 */
export async function readChangeDays(
  ctx: AppContext,
  scope: MetricsScope,
  from: string,
  to: string,
): Promise<{ days: ChangeDayState[] }> {
  const first = addDays(from, 1 - CHANGE_WINDOW_DAYS);
  const key = "workspace_id = $1 AND analysis_version = $2::int";
  const [row] = await ctx.prisma.$queryRawUnsafe<
    Array<{ days: string | null; stored: string | null }>
  >(
    `SELECT
       (SELECT ${packRows(["day - $3::date", "revision"])} FROM metric_days
        WHERE ${key} AND day BETWEEN $3::date AND $5::date AND responses > 0) AS days,
       (SELECT ${packRows(["day - $3::date", "inputs", "changes"])} FROM metric_change_days
        WHERE ${key} AND day BETWEEN $4::date AND $5::date) AS stored`,
    scope.workspaceId,
    scope.version,
    first,
    from,
    to,
  );
  const revisions = unpackRows(row?.days)
    .map(([offset, revision]) => [Number(offset), Number(revision)] as const)
    .sort((a, b) => a[0] - b[0]);
  const stored = new Map(
    unpackRows(row?.stored).map(([offset, inputs = "", changes = "[]"]) => [
      Number(offset),
      { inputs, changes },
    ]),
  );
  // The fingerprint of a day's window: how many days have data in it and three
  // sums over them (revision, revision × day, revision²), from prefix sums. A
  // write bumps a revision and a new day adds one, so any change of the
  // window's data changes the count or the sums.
  const entities = createHash("sha1")
    .update(scope.entities.map((e) => e.id).join(","))
    .digest("base64url")
    .slice(0, 16);
  const firstDay = dayNumber(first);
  const prefix = [[0, 0, 0]];
  for (const [offset, r] of revisions) {
    const [a, b, c] = prefix.at(-1) as number[];
    prefix.push([
      (a as number) + r,
      (b as number) + r * (firstDay + offset),
      (c as number) + r * r,
    ]);
  }
  const fromOffset = CHANGE_WINDOW_DAYS - 1;
  const days: ChangeDayState[] = [];
  let start = 0;
  for (const [i, [offset]] of revisions.entries()) {
    if (offset < fromOffset) continue;
    while ((revisions[start]?.[0] as number) <= offset - CHANGE_WINDOW_DAYS) start++;
    const hi = prefix[i + 1] as number[];
    const lo = prefix[start] as number[];
    const sums = hi.map((v, k) => v - (lo[k] as number));
    const inputs = `${CHANGE_INPUTS_PREFIX}${scope.version}:${entities}:${i + 1 - start}:${sums.join(":")}`;
    const saved = stored.get(offset);
    days.push({
      day: addDays(first, offset),
      inputs,
      stored: saved && {
        inputs: saved.inputs,
        changes: saved.changes === "[]" ? [] : (JSON.parse(saved.changes) as DetectedChange[]),
      },
    });
  }
  return { days };
}

/**
 * Computes the changes of the given days (unfiltered) from the prompt rollups
 * of their windows, in one read, and writes them with their fingerprints to
 * `metric_change_days`. Returns them by day.
 */
export async function refreshDayChanges(
  ctx: AppContext,
  scope: MetricsScope,
  days: ReadonlyArray<{ day: string; inputs: string }>,
): Promise<Map<string, DetectedChange[]>> {
  const sorted = [...days].sort((a, b) => (a.day < b.day ? 1 : -1));
  const result = new Map<string, DetectedChange[]>();
  // Newest first, in spans of at most REFRESH_SPAN_DAYS days.
  while (sorted.length > 0) {
    const last = (sorted[0] as { day: string }).day;
    const limit = addDays(last, 1 - REFRESH_SPAN_DAYS);
    const count = sorted.findIndex((d) => d.day < limit);
    const span = sorted.splice(0, count === -1 ? sorted.length : count).reverse();
    for (const [day, changes] of await refreshSpan(ctx, scope, span)) result.set(day, changes);
  }
  return result;
}

/** `refreshDayChanges` for days (oldest first) within REFRESH_SPAN_DAYS. */
async function refreshSpan(
  ctx: AppContext,
  scope: MetricsScope,
  sorted: ReadonlyArray<{ day: string; inputs: string }>,
): Promise<Map<string, DetectedChange[]>> {
  const first = (sorted[0] as { day: string }).day;
  const last = (sorted.at(-1) as { day: string }).day;
  const changes = await detectChangesOf({ ctx, scope, from: first, to: last, filters: {} });
  const byDay = new Map<string, DetectedChange[]>(sorted.map((d) => [d.day, []]));
  for (const change of changes) byDay.get(change.date)?.push(change);
  const now = ctx.clock.now().toISOString();
  await upsertJsonRows(ctx.prisma, {
    table: "metric_change_days",
    columns: {
      workspace_id: "text",
      analysis_version: "int",
      day: "date",
      inputs: "text",
      changes: "text",
      updated_at: "timestamptz",
    },
    key: ["workspace_id", "analysis_version", "day"],
    rows: sorted.map((d) => ({
      workspace_id: scope.workspaceId,
      analysis_version: scope.version,
      day: d.day,
      inputs: d.inputs,
      changes: JSON.stringify(byDay.get(d.day) ?? []),
      updated_at: now,
    })),
  });
  return byDay;
}

/**
 * The changes detected on the days `from`..`to` and on the days before them
 * that share their windows: the visibility series read from the window of the
 * first day (its 35 days) to the last.
 */
async function detectChangesOf(options: {
  ctx: AppContext;
  scope: MetricsScope;
  from: string;
  to: string;
  filters: MetricsFilters;
}): Promise<DetectedChange[]> {
  const { ctx, scope } = options;
  const series = await loadVisibilitySeries({
    ctx,
    workspaceId: scope.workspaceId,
    version: scope.version,
    entities: scope.entities,
    from: addDays(options.from, 1 - CHANGE_WINDOW_DAYS),
    to: options.to,
    filters: options.filters,
  });
  return (await runInSlices(detectChangesInSteps({ series }))).changes;
}
