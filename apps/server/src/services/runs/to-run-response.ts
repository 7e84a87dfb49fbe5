import type { Run as RunResponse } from "@geopulse/api-types";
import type { Run } from "@geopulse/db";
import { jobTimes } from "../metered-jobs/job-fields.js";

export function toRunResponse(run: Run, workspaceSlug: string): RunResponse {
  const cost = Number(run.costMicrousd);
  return {
    runId: run.id,
    workspace: workspaceSlug,
    preset: run.preset as RunResponse["preset"],
    status: run.status as RunResponse["status"],
    engines: run.engines,
    skippedEngines: run.skippedEngines,
    simulated: run.engines.includes("simulated"),
    repetitions: run.repetitions,
    promptCount: run.promptCount,
    progress: {
      total: run.totalTasks,
      completed: run.completedTasks,
      failed: run.failedTasks,
      pending: run.totalTasks - run.completedTasks - run.failedTasks,
      endStates: {
        truncated: run.truncatedTasks,
        refused: run.refusedTasks,
        filtered: run.filteredTasks,
        notShown: run.notShownTasks,
        quotaExhausted: run.quotaExhaustedTasks,
      },
    },
    estimateMicrousd: Number(run.estimateMicrousd),
    costMicrousd: cost,
    totalCostUsd: cost / 1_000_000,
    error: run.error,
    trigger: run.triggeredBy as RunResponse["trigger"],
    purpose: run.purpose as RunResponse["purpose"],
    confirmationId: run.confirmationId,
    ...jobTimes(run),
  };
}
