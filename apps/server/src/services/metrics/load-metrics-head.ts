import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { type MetricDayRow, type MetricsScope, toMetricsScope } from "./metrics-scope.js";

/** A run as the metrics view lists it. */
export interface RecentRunRow {
  preset: string;
  status: string;
  costMicrousd: bigint;
  createdAt: Date;
}

/** What every metrics read starts from, in one round trip. */
export interface MetricsHead {
  scope: MetricsScope;
  /** Days with data up to `upTo`, newest first, at most 30. */
  days: MetricDayRow[];
  /** The workspace's latest runs, newest first, at most `recentRuns`. */
  recentRuns: RecentRunRow[];
}

export interface LoadMetricsHeadOptions {
  ctx: AppContext;
  workspaceId: string;
  /** `YYYY-MM-DD`; days after it are left out. */
  upTo?: string | undefined;
  /** How many of the latest runs to read (0: none). */
  recentRuns: number;
}

interface HeadRow {
  brand: string;
  measurementModel: unknown;
  competitors: Array<{ id: string; name: string }>;
  days: MetricDayRow[];
  runs: Array<{ preset: string; status: string; costMicrousd: string; createdAt: string }>;
}

/**
 * The scope (brand, measurement model, competitors in position order), the
 * days with data (enough for the day itself, the previous day with data, and
 * 7 and 28 days before) and the latest runs, as one statement: each part is a
 * bounded read on its (workspace, ...) index, and one round trip instead of
 * four keeps an empty or cached metrics read close to the cost of the request.
 * Heads are kept in memory until something they read changes
 * (services/workspaces/workspace-read-cache.ts): a cached head costs no round
 * trip. The head returned is shared and frozen.
 */
export async function loadMetricsHead({
  ctx,
  workspaceId,
  upTo,
  recentRuns,
}: LoadMetricsHeadOptions): Promise<MetricsHead> {
  return ctx.workspaceReads.read(workspaceId, metricsHeadKey(upTo, recentRuns), () =>
    readMetricsHead(ctx, workspaceId, upTo, recentRuns),
  );
}

/** The head's entry among its workspace's cached reads. */
export function metricsHeadKey(upTo: string | undefined, recentRuns: number): string {
  return `metrics-head:${upTo ?? "latest"}:${recentRuns}`;
}

async function readMetricsHead(
  ctx: AppContext,
  workspaceId: string,
  upTo: string | undefined,
  recentRuns: number,
): Promise<MetricsHead> {
  const [row] = await ctx.prisma.$queryRawUnsafe<HeadRow[]>(
    `SELECT w.brand, w.measurement_model AS "measurementModel",
       COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.position)
         FROM competitors c WHERE c.workspace_id = w.id), '[]'::json) AS competitors,
       COALESCE((SELECT json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'),
           'revision', d.revision) ORDER BY d.day DESC)
         FROM (SELECT day, revision FROM metric_days
           WHERE workspace_id = w.id AND analysis_version = $2::int AND responses > 0
             AND ($3::date IS NULL OR day <= $3::date)
           ORDER BY day DESC LIMIT 30) d), '[]'::json) AS days,
       COALESCE((SELECT json_agg(json_build_object('preset', r.preset, 'status', r.status,
           'costMicrousd', r.cost_microusd::text, 'createdAt', r.created_at)
           ORDER BY r.created_at DESC, r.id DESC)
         FROM (SELECT id, preset, status, cost_microusd, created_at FROM runs
           WHERE workspace_id = w.id AND purpose = 'measurement'
           ORDER BY created_at DESC, id DESC LIMIT $4::int) r),
         '[]'::json) AS runs
     FROM workspaces w WHERE w.id = $1`,
    workspaceId,
    ANALYSIS_VERSION,
    upTo ?? null,
    recentRuns,
  );
  if (!row) throw errors.workspaceNotFound();
  return {
    scope: toMetricsScope(workspaceId, row),
    days: row.days.map((d) => ({ day: d.day, revision: Number(d.revision) })),
    recentRuns: row.runs.map((r) => ({
      preset: r.preset,
      status: r.status,
      costMicrousd: BigInt(r.costMicrousd),
      createdAt: new Date(r.createdAt),
    })),
  };
}
