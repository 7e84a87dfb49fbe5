import type { RequestBody, Run as RunResponse } from "@geopulse/api-types";
import { principalIdOf } from "../../http/principal.js";
import { newId } from "../../ids.js";
import { executeRunJob } from "../../jobs/definitions/execute-run-job.js";
import { audit } from "../audit/audit.js";
import { holdCredits } from "../credits/reserve-credits.js";
import { startMeteredJob } from "../metered-jobs/start-metered-job.js";
import type { WorkspaceOperation } from "../operation.js";
import { insertJsonRows } from "../sql/insert-json-rows.js";
import { planRun } from "./plan-run.js";
import { toRunResponse } from "./to-run-response.js";

/** The columns of a run's pending tasks (one engine_responses row each). */
const taskColumns = {
  id: "text",
  run_id: "text",
  workspace_id: "text",
  prompt_id: "text",
  engine: "text",
  model: "text",
  repetition: "int",
  status: "text",
  search_queries: "text[]",
  cost_microusd: "bigint",
  attempts: "int",
  simulated: "boolean",
  created_at: "timestamptz",
};

export interface StartRunOptions extends WorkspaceOperation {
  input: RequestBody<"startRun">;
  /** Who asked; `schedule` for the workspace's run schedule (principal anonymous). */
  trigger?: "schedule";
}

/**
 * Plans the run, holds its estimated cost (402 before anything is queued),
 * writes the run with one pending response per task in the same transaction,
 * then queues it. A retry with the same idempotency key returns the same run.
 */
export async function startRun(options: StartRunOptions): Promise<RunResponse> {
  const { ctx, principal, workspace, input } = options;
  return startMeteredJob({
    op: options,
    operation: "startRun",
    input,
    create: async (tx) => {
      const stored = await tx.workspace.findUniqueOrThrow({
        where: { id: workspace.id },
        select: { id: true, measurementModel: true },
      });
      const plan = await planRun(ctx, tx, stored, input.preset);
      const now = ctx.clock.now();
      const runId = newId("run", ctx.clock);
      const reservation = await holdCredits(tx, ctx, {
        workspaceId: workspace.id,
        operation: "run",
        operationId: runId,
        estimateMicrousd: plan.estimateMicrousd,
        ttlMs: 24 * 3600_000,
      });
      const run = await tx.run.create({
        data: {
          id: runId,
          workspaceId: workspace.id,
          preset: input.preset,
          status: "queued",
          engines: plan.selection.engines.map((e) => e.id),
          skippedEngines: plan.selection.skipped,
          repetitions: plan.repetitions,
          promptCount: plan.prompts.length,
          totalTasks: plan.totalTasks,
          completedTasks: 0,
          failedTasks: 0,
          estimateMicrousd: plan.estimateMicrousd,
          costMicrousd: 0n,
          reservationId: reservation.id,
          idempotencyKey: input.idempotencyKey ?? null,
          triggeredBy: options.trigger ?? (principal.kind === "session" ? "user" : "api_key"),
          triggeredById: options.trigger ? null : principalIdOf(principal),
          createdAt: now,
        },
      });
      await insertJsonRows(
        tx,
        "engine_responses",
        taskColumns,
        plan.prompts.flatMap((prompt) =>
          plan.selection.engines.flatMap((engine) =>
            Array.from({ length: plan.repetitions }, (_, index) => ({
              id: newId("rsp", ctx.clock),
              run_id: runId,
              workspace_id: workspace.id,
              prompt_id: prompt.id,
              engine: engine.id,
              model: engine.model,
              repetition: index + 1,
              status: "pending",
              search_queries: [],
              cost_microusd: "0",
              attempts: 0,
              simulated: engine.simulated,
              created_at: now.toISOString(),
            })),
          ),
        ),
      );
      await audit(options, tx, "run.start", ["run", runId], {
        preset: input.preset,
        tasks: plan.totalTasks,
        estimateMicrousd: Number(plan.estimateMicrousd),
      });
      return {
        id: runId,
        reservationId: reservation.id,
        result: toRunResponse(run, workspace.slug),
      };
    },
    replay: async (runId) => {
      const run = await ctx.prisma.run.findUniqueOrThrow({ where: { id: runId } });
      return toRunResponse(run, workspace.slug);
    },
    enqueue: (runId) => ctx.queue.enqueue(executeRunJob, { runId }),
    markUnqueued: async (runId, now) => {
      await ctx.prisma.run.update({
        where: { id: runId },
        data: { status: "failed", error: "The run could not be queued.", finishedAt: now },
      });
    },
  });
}
