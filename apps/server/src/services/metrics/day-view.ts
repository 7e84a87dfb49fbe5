import type { AppContext } from "../../context.js";
import { type ComparisonDays, comparisonDays } from "../../metrics/composite-deltas.js";
import { computeDaySnapshot, type DaySnapshot } from "./day-snapshot.js";
import {
  changesJson,
  computeDayChanges,
  type DayChanges,
  parseChanges,
} from "./delta-significance.js";
import { filtersKey, type MetricsFilters } from "./metrics-filters.js";
import type { MetricDayRow, MetricsScope } from "./metrics-scope.js";
import {
  readStoredSnapshots,
  type StoredSnapshot,
  snapshotInputs,
  storeSnapshots,
} from "./stored-snapshots.js";

/** A day's computed half of the metrics and scoreboard views. */
export interface DayView {
  /** The comparison days: the previous day with data, and 7 and 28 days before. */
  compare: ComparisonDays;
  day: DaySnapshot;
  /** The changes since each comparison day with answers in scope, by that day. */
  changes: Map<string, DayChanges>;
}

/**
 * The day's snapshot and its changes since its comparison days (from `days`,
 * the days with data up to it, newest first): each from the process's cache
 * (ctx.metricsCache), else from the rows stored in `metric_snapshots` whose
 * inputs are current (stored-snapshots.ts: one read for all of them), else
 * computed (the snapshot and the changes independently) and stored (one
 * write; a view without answers is not stored). A day's revision changes
 * with every write to its rollups, and the inputs carry the revisions read,
 * so a stored or cached result is always current.
 */
export async function loadDayView(options: {
  ctx: AppContext;
  scope: MetricsScope;
  days: readonly MetricDayRow[];
  current: MetricDayRow;
  filters: MetricsFilters;
}): Promise<DayView> {
  const { ctx, scope, days, current, filters } = options;
  const compare = comparisonDays(
    current.day,
    days.map((d) => d.day),
  );
  const wanted = new Set([compare.previous, compare.d7, compare.d28]);
  const earlier = days.filter((d) => wanted.has(d.day));
  const fk = filtersKey(filters);
  // One slot per stored row: the day's own snapshot ("") and its changes since each earlier day.
  // Its inputs fingerprint everything the result depends on, so they also key the process cache.
  const slot = (d?: MetricDayRow) => {
    const comparedTo = d?.day ?? "";
    const inputs = snapshotInputs(scope, d ? [current.revision, d.revision] : [current.revision]);
    const key = [scope.workspaceId, current.day, fk, comparedTo, inputs].join("\u0000");
    return { comparedTo, inputs, key };
  };
  const own = slot();

  let day = ctx.metricsCache.snapshot(own.key);
  const changes = new Map<string, DayChanges | null>();
  for (const d of earlier) {
    const hit = ctx.metricsCache.changes(slot(d).key);
    if (hit !== undefined) changes.set(d.day, hit);
  }
  let missing = earlier.filter((d) => !changes.has(d.day));
  if (day && missing.length === 0) return { compare, day, changes: present(changes) };

  const place = { ctx, scope, day: current.day, filters: fk };
  const stored = await readStoredSnapshots({
    ...place,
    comparedTo: [...(day ? [] : [""]), ...missing.map((d) => d.day)],
  });
  const storedBody = ({ comparedTo, inputs }: { comparedTo: string; inputs: string }) => {
    const row = stored.get(comparedTo);
    return row?.inputs === inputs ? row.body : undefined;
  };
  if (!day) {
    const body = storedBody(own);
    if (body) {
      day = JSON.parse(body) as DaySnapshot;
      ctx.metricsCache.storeSnapshot(own.key, day);
    }
  }
  for (const d of missing) {
    const at = slot(d);
    const body = storedBody(at);
    if (body === undefined) continue;
    const value = parseChanges(body);
    changes.set(d.day, value);
    ctx.metricsCache.storeChanges(at.key, value);
  }
  missing = missing.filter((d) => !changes.has(d.day));

  const [computedDay, computedChanges] = await Promise.all([
    day ? undefined : computeDaySnapshot({ ctx, scope, day: current.day, filters }),
    computeDayChanges({
      ctx,
      scope,
      day: current.day,
      earlier: missing.map((d) => d.day),
      filters,
    }),
  ]);
  const rows: StoredSnapshot[] = [];
  if (computedDay) {
    day = computedDay;
    ctx.metricsCache.storeSnapshot(own.key, day);
    rows.push({ comparedTo: "", inputs: own.inputs, body: JSON.stringify(day) });
  }
  for (const d of missing) {
    const at = slot(d);
    const value = computedChanges.get(d.day) ?? null;
    changes.set(d.day, value);
    ctx.metricsCache.storeChanges(at.key, value);
    rows.push({ comparedTo: at.comparedTo, inputs: at.inputs, body: changesJson(value) });
  }
  // A view without answers (a filter that selects none) is cheap to compute and not stored:
  // what is stored stays bounded by the filter values the data holds.
  if ((day as DaySnapshot).snapshot.responses > 0) await storeSnapshots({ ...place, rows });
  return { compare, day: day as DaySnapshot, changes: present(changes) };
}

/** The changes of the comparison days that had any (null: either day without answers in scope). */
function present(changes: Map<string, DayChanges | null>): Map<string, DayChanges> {
  return new Map([...changes].flatMap(([d, c]) => (c ? [[d, c] as const] : [])));
}
