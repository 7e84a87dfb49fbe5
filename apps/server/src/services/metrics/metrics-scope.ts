import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { ScoreWeightsInput } from "../../metrics/aggregates.js";
import { resolveWeights } from "../workspace-config/default-measurement-model.js";

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
  const scope = await findMetricsScope(ctx, workspaceId);
  if (!scope) throw errors.workspaceNotFound();
  return scope;
}

/** The scope, or null when the workspace no longer exists (background jobs). */
export async function findMetricsScope(
  ctx: AppContext,
  workspaceId: string,
): Promise<MetricsScope | null> {
  const workspace = await ctx.prisma.workspace.findUnique({
    where: { id: workspaceId },
    select: {
      brand: true,
      measurementModel: true,
      competitors: { select: { id: true, name: true }, orderBy: { position: "asc" } },
    },
  });
  return workspace ? toMetricsScope(workspaceId, workspace) : null;
}

/** The scope from the workspace's brand, measurement model and competitors in position order. */
export function toMetricsScope(
  workspaceId: string,
  workspace: {
    brand: string;
    measurementModel: Parameters<typeof resolveWeights>[0];
    competitors: Array<{ id: string; name: string }>;
  },
): MetricsScope {
  return {
    workspaceId,
    brand: workspace.brand,
    version: ANALYSIS_VERSION,
    entities: [
      { id: "self", isSelf: true, name: workspace.brand },
      ...workspace.competitors.map((c) => ({ id: c.id, isSelf: false, name: c.name })),
    ],
    weights: resolveWeights(workspace.measurementModel),
  };
}

export interface MetricDayRow {
  day: string;
  revision: number;
}
