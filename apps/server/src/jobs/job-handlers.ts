import type { z } from "zod";
import { reanalyzeWorkspace } from "../services/analysis/reanalyze-workspace.js";
import { refreshConfirmations } from "../services/confirmations/refresh-confirmations.js";
import { refreshWorkspaceChanges } from "../services/metrics/refresh-workspace-changes.js";
import { refreshWorkspaceSnapshots } from "../services/metrics/refresh-workspace-snapshots.js";
import { evaluateWorkspacePages } from "../services/page-evaluations/evaluate-workspace-pages.js";
import { executePromptGeneration } from "../services/prompt-generation/execute-prompt-generation.js";
import { deriveWorkspaceRecommendations } from "../services/recommendations/derive-recommendations.js";
import { measureWorkspaceImpacts } from "../services/recommendations/measure-workspace-impacts.js";
import { generateDueReports } from "../services/reports/generate-due-reports.js";
import { executeResearch } from "../services/research/execute-research.js";
import { executeRun } from "../services/runs/execute-run.js";
import { executeSeoRefresh } from "../services/seo/execute-seo-refresh.js";
import { deriveRecommendationsJob } from "./definitions/derive-recommendations-job.js";
import { executeRunJob } from "./definitions/execute-run-job.js";
import { generateReportsJob } from "./definitions/generate-reports-job.js";
import { measureRecommendationImpactsJob } from "./definitions/measure-recommendation-impacts-job.js";
import { pageEvaluationsJob } from "./definitions/page-evaluations-job.js";
import { promptGenerationJob } from "./definitions/prompt-generation-job.js";
import { reanalyzeWorkspaceJob } from "./definitions/reanalyze-workspace-job.js";
import { refreshMetricChangesJob } from "./definitions/refresh-metric-changes-job.js";
import { refreshMetricSnapshotsJob } from "./definitions/refresh-metric-snapshots-job.js";
import { researchJob } from "./definitions/research-job.js";
import { seoRefreshJob } from "./definitions/seo-refresh-job.js";
import { defineJobHandler, type JobHandler } from "./job-definition.js";

/**
 * Every background job a worker process serves, bound to the service that does
 * its work. Only the worker side (`create-app-context.ts`) imports this; what
 * starts work imports the definition alone. Add a new job here.
 */
export const allJobHandlers: JobHandler<z.ZodType>[] = [
  defineJobHandler(executeRunJob, (ctx, p) => executeRun({ ctx, runId: p.runId })),
  defineJobHandler(promptGenerationJob, (ctx, p) =>
    executePromptGeneration({ ctx, generationId: p.generationId }),
  ),
  defineJobHandler(researchJob, (ctx, p) => executeResearch({ ctx, researchId: p.researchId })),
  defineJobHandler(seoRefreshJob, (ctx, p) => executeSeoRefresh({ ctx, refreshId: p.refreshId })),
  defineJobHandler(reanalyzeWorkspaceJob, async (ctx, p) => {
    await reanalyzeWorkspace({ ctx, workspaceId: p.workspaceId });
  }),
  defineJobHandler(refreshMetricChangesJob, async (ctx, p) => {
    await refreshWorkspaceChanges({ ctx, workspaceId: p.workspaceId });
    await refreshConfirmations({ ctx, workspaceId: p.workspaceId });
  }),
  defineJobHandler(refreshMetricSnapshotsJob, async (ctx, p) => {
    await refreshWorkspaceSnapshots({ ctx, workspaceId: p.workspaceId });
  }),
  defineJobHandler(deriveRecommendationsJob, async (ctx, p) => {
    // A workspace deleted since the job was queued has nothing left to derive.
    const exists = await ctx.prisma.workspace.count({ where: { id: p.workspaceId } });
    if (exists > 0) await deriveWorkspaceRecommendations({ ctx, workspaceId: p.workspaceId });
  }),
  defineJobHandler(measureRecommendationImpactsJob, async (ctx, p) => {
    await measureWorkspaceImpacts({ ctx, workspaceId: p.workspaceId });
  }),
  defineJobHandler(pageEvaluationsJob, async (ctx, p) => {
    await evaluateWorkspacePages({ ctx, workspaceId: p.workspaceId });
  }),
  defineJobHandler(generateReportsJob, async (ctx, p) => {
    await generateDueReports({ ctx, workspaceId: p.workspaceId });
  }),
];
