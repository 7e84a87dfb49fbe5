import type { QueryParams, RunEstimate } from "@geopulse/api-types";
import { getCreditBalance } from "../credits/get-credit-balance.js";
import type { WorkspaceOperation } from "../operation.js";
import { planRun } from "./plan-run.js";

export interface EstimateRunOptions extends WorkspaceOperation {
  query: QueryParams<"estimateRun">;
}

/**
 * The plan and estimate `startRun` would reserve for this preset, read without holding or
 * queuing anything (the same `planRun`), with the credit available now.
 */
export async function estimateRun(options: EstimateRunOptions): Promise<RunEstimate> {
  const { ctx, workspace, query } = options;
  const stored = await ctx.prisma.workspace.findUniqueOrThrow({
    where: { id: workspace.id },
    select: { id: true, measurementModel: true },
  });
  const plan = await planRun(ctx, ctx.prisma, stored, query.preset);
  const balance = await getCreditBalance({
    ctx,
    workspaceId: workspace.id,
    workspaceSlug: workspace.slug,
  });
  return {
    preset: query.preset,
    engines: plan.selection.engines.map((e) => e.id),
    skippedEngines: plan.selection.skipped,
    simulated: plan.selection.simulated,
    promptCount: plan.prompts.length,
    repetitions: plan.repetitions,
    totalAnswers: plan.totalTasks,
    estimateMicrousd: Number(plan.estimateMicrousd),
    availableMicrousd: balance.availableMicrousd,
  };
}
