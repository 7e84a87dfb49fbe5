import type { z } from "zod";
import { reanalyzeWorkspace } from "../services/analysis/reanalyze-workspace.js";
import { executePromptGeneration } from "../services/prompt-generation/execute-prompt-generation.js";
import { executeResearch } from "../services/research/execute-research.js";
import { executeRun } from "../services/runs/execute-run.js";
import { executeRunJob } from "./definitions/execute-run-job.js";
import { promptGenerationJob } from "./definitions/prompt-generation-job.js";
import { reanalyzeWorkspaceJob } from "./definitions/reanalyze-workspace-job.js";
import { researchJob } from "./definitions/research-job.js";
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
  defineJobHandler(reanalyzeWorkspaceJob, async (ctx, p) => {
    await reanalyzeWorkspace({ ctx, workspaceId: p.workspaceId });
  }),
];
