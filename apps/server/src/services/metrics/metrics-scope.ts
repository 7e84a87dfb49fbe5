import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { ScoreWeightsInput } from "../../metrics/aggregates.js";
import { resolveMeasurementModel } from "../workspace-config/default-measurement-model.js";

export interface ScopeEntity {
  id: string;
  isSelf: boolean;
  /** Brand or competitor name, as the API shows it. */
  name: string;
}

/** What every metrics read needs about the workspace, in one query. */
export interface MetricsScope {
  workspaceId: string;
  brand: string;
  version: number;
  entities: ScopeEntity[];
  weights: ScoreWeightsInput;
}

export async function loadMetricsScope(
  ctx: AppContext,
  workspaceId: string,
): Promise<MetricsScope> {
  const workspace = await ctx.prisma.workspace.findUnique({
    where: { id: workspaceId },
    select: {
      brand: true,
      measurementModel: true,
      competitors: { select: { id: true, name: true }, orderBy: { position: "asc" } },
    },
  });
  if (!workspace) throw errors.workspaceNotFound();
  return {
    workspaceId,
    brand: workspace.brand,
    version: ANALYSIS_VERSION,
    entities: [
      { id: "self", isSelf: true, name: workspace.brand },
      ...workspace.competitors.map((c) => ({ id: c.id, isSelf: false, name: c.name })),
    ],
    weights: resolveMeasurementModel(workspace.measurementModel).weights,
  };
}

export interface MetricDayRow {
  day: string;
  revision: number;
}

/**
 * Days with data up to `upTo` (default: any), newest first, at most 30: enough
 * for the day itself, the previous day with data, and 7 and 28 days before.
 */
export async function loadMetricDays(
  ctx: AppContext,
  workspaceId: string,
  upTo: string | undefined,
): Promise<MetricDayRow[]> {
  const rows = await ctx.prisma.$queryRawUnsafe<Array<{ day: string; revision: number }>>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, revision FROM metric_days
     WHERE workspace_id = $1 AND analysis_version = $2::int AND responses > 0
       AND ($3::date IS NULL OR day <= $3::date)
     ORDER BY day DESC LIMIT 30`,
    workspaceId,
    ANALYSIS_VERSION,
    upTo ?? null,
  );
  return rows.map((r) => ({ day: r.day, revision: Number(r.revision) }));
}
