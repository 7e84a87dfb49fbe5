import type { ResponseBody } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { addDays, dayOf, FIRST_DAY } from "../../days.js";
import { errors } from "../../errors/app-error.js";
import { windowView } from "../../metrics/window-view.js";
import { loadEntityCountSeries } from "./load-entity-count-series.js";
import { loadMetricsHead } from "./load-metrics-head.js";
import { filtersKey, type MetricsFilters } from "./metrics-filters.js";
import {
  rangeRevisions,
  rangeRevisionsSql,
  readStoredSnapshots,
  snapshotInputs,
  storeSnapshots,
} from "./stored-snapshots.js";

export type MetricsWindow = ResponseBody<"getMetricsWindow", 200>;

/**
 * The revision of how a window view is computed: a release that changes it
 * bumps it, so stored views are computed again.
 */
const WINDOW_REVISION = 4;

/**
 * Every entity's composite, visibility, share of voice, recommendation rate,
 * shortlist share and citation share over the `days` calendar days
 * ending on `to` (default the latest day with data) and the `days` before
 * them, with two-way intervals over prompts and run days and the change
 * between the windows (`metrics/window-view.ts`), from the prompt rollups of
 * the 2 × `days` days (`loadEntityCountSeries`). Stored in `metric_snapshots`
 * (filters `window<days>:<filters>`, compared_to empty) with the fingerprint
 * of the revisions of every day of both windows, so a read after the first
 * reads the head (cached), the revisions and the stored row until a day of
 * the two windows changes. The refresh job stores
 * the unfiltered 7- and 28-day views of the latest day (refresh-workspace-snapshots.ts):
 * a year-sized workspace's first read of 28 days reads 56 days of prompt rollups (1.7 s
 * on the embedded database; a stored read 7 ms).
 */
export async function getMetricsWindow(options: {
  ctx: AppContext;
  workspaceId: string;
  days: 7 | 28;
  to?: string | undefined;
  filters: MetricsFilters;
}): Promise<MetricsWindow> {
  const { ctx, days, filters } = options;
  // Both windows are days of the contract, which start on FIRST_DAY.
  const earliest = addDays(FIRST_DAY, 2 * days - 1);
  if (options.to !== undefined && options.to < earliest)
    throw errors.field(
      "query.to",
      "minimum",
      `must be ${earliest} or later with days=${days}: the window and the one before it start on or after ${FIRST_DAY}.`,
    );
  const { scope, days: withData } = await loadMetricsHead({
    ctx,
    workspaceId: options.workspaceId,
    recentRuns: 0,
  });
  const latest = withData[0]?.day ?? dayOf(ctx.clock.now());
  const to = options.to ?? (latest < earliest ? earliest : latest);
  const current = { from: addDays(to, 1 - days), to };
  const previous = { from: addDays(current.from, -days), to: addDays(current.from, -1) };
  // The revisions of every day of both windows, read here: the head lists only recent days.
  const [row] = await ctx.prisma.$queryRawUnsafe<Array<{ days: string | null }>>(
    `SELECT (${rangeRevisionsSql(true)}) AS days`,
    scope.workspaceId,
    scope.version,
    previous.from,
    to,
  );
  const read = rangeRevisions(row?.days);
  const inputs = snapshotInputs(scope, [
    "window",
    WINDOW_REVISION,
    ...scope.entities.map((e) => e.name),
    ...read,
  ]);
  const place = { ctx, scope, day: to, filters: `window${days}:${filtersKey(filters)}` };
  const stored = (await readStoredSnapshots({ ...place, comparedTo: [""] })).get("");
  if (stored?.inputs === inputs) return JSON.parse(stored.body) as MetricsWindow;

  const [mentioned = [], recommended = [], shortlisted = [], rankSum = [], cited = []] =
    read.length === 0
      ? []
      : await loadEntityCountSeries({
          ctx,
          workspaceId: scope.workspaceId,
          version: scope.version,
          entities: scope.entities,
          from: previous.from,
          to,
          filters,
          columns: [
            "mentioned_responses",
            "recommended_responses",
            "shortlisted_responses",
            "rank_sum",
            "cited_responses",
          ],
        });
  const view = windowView({
    entityIds: scope.entities.map((e) => e.id),
    series: { mentioned, recommended, shortlisted, rankSum, cited },
    current,
    previous,
    weights: scope.weights,
  });
  const body: MetricsWindow = {
    days,
    current: view.current,
    previous: view.previous,
    entities: view.entities.map((e, i) => {
      const entity = scope.entities[i] as (typeof scope.entities)[number];
      return { ...e, entity: entity.name, isSelf: entity.isSelf };
    }),
  };
  // A view without answers is not stored (any day and filter may be asked for).
  if (view.current.responses + view.previous.responses > 0) {
    await storeSnapshots({
      ...place,
      rows: [{ comparedTo: "", inputs, body: JSON.stringify(body) }],
    });
  }
  return body;
}
