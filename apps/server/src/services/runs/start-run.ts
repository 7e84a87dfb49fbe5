import type { RequestBody, Run as RunResponse } from "@geopulse/api-types";
import { Prisma } from "@geopulse/db";
import { principalIdOf } from "../../http/principal.js";
import { newId } from "../../ids.js";
import { executeRunJob } from "../../jobs/definitions/execute-run-job.js";
import { audit } from "../audit/audit.js";
import { holdCredits } from "../credits/reserve-credits.js";
import { startMeteredJob } from "../metered-jobs/start-metered-job.js";
import type { WorkspaceOperation } from "../operation.js";
import { insertFirstTasks, TASKS_PER_CHUNK, type TaskPlan } from "./insert-run-tasks.js";
import { planRun, type RunPlan } from "./plan-run.js";
import { toRunResponse } from "./to-run-response.js";

export interface StartRunOptions extends WorkspaceOperation {
  input: RequestBody<"startRun">;
  /** Who asked; `schedule` for the workspace's run schedule (principal anonymous). */
  trigger?: "schedule";
}

/**
 * Plans the run (before its transaction), holds its estimated cost (402 before anything is queued),
 * writes the run with its plan and first chunk of pending tasks in the same transaction, then
 * queues it: its executor writes the rest of its tasks, in short statements, while it asks the
 * first ones (so neither the start's answer nor the first question waits for 3,000 rows).
 * A retry with the same idempotency key returns the same run.
 */
export async function startRun(options: StartRunOptions): Promise<RunResponse> {
  const { ctx, workspace, input } = options;
  // Planned before the transaction, as the estimate route plans (reads only): on the embedded
  // database the transaction holds the only connection, now for the writes alone. A planning
  // error is raised inside it, after the idempotency check, so a retry still replays its run.
  const stored = await ctx.prisma.workspace.findUniqueOrThrow({
    where: { id: workspace.id },
    select: { id: true, measurementModel: true },
  });
  const planned = await planRun(ctx, ctx.prisma, stored, input.preset).then(
    (plan) => ({ plan }),
    (error: unknown) => ({ error }),
  );
  return startPlannedRun({ ...options, planned });
}

export interface StartPlannedRunOptions extends StartRunOptions {
  /** The plan made before the transaction, or the error making it raised. */
  planned: { plan: RunPlan } | { error: unknown };
  /**
   * The confirmation a confirmation run collects for (adaptive sampling): its answers are kept
   * out of every metric. Absent: a measurement run.
   */
  confirmationId?: string;
}

/** `startRun` from a plan: a measurement run, or a confirmation run with `confirmationId`. */
export async function startPlannedRun(options: StartPlannedRunOptions): Promise<RunResponse> {
  const { ctx, principal, workspace, input, planned, confirmationId } = options;
  return startMeteredJob({
    op: options,
    operation: confirmationId ? "startConfirmationRun" : "startRun",
    input,
    create: async (tx) => {
      if ("error" in planned) throw planned.error;
      const { plan } = planned;
      const now = ctx.clock.now();
      const runId = newId("run", ctx.clock);
      const reservation = await holdCredits(tx, ctx, {
        workspaceId: workspace.id,
        operation: "run",
        operationId: runId,
        estimateMicrousd: plan.estimateMicrousd,
        ttlMs: 24 * 3600_000,
      });
      const taskPlan: TaskPlan = {
        promptIds: plan.prompts.map((prompt) => prompt.id),
        engines: plan.selection.engines.map(({ id, model, simulated }) => ({
          id,
          model,
          simulated,
        })),
        repetitions: plan.repetitions,
      };
      const keepsPlan = plan.totalTasks > TASKS_PER_CHUNK;
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
          // Kept while some tasks are not written (`insert-run-tasks.ts`).
          taskPlan: keepsPlan ? (taskPlan as unknown as Prisma.InputJsonObject) : Prisma.DbNull,
          purpose: confirmationId ? "confirmation" : "measurement",
          confirmationId: confirmationId ?? null,
        },
      });
      await insertFirstTasks(ctx, tx, run, taskPlan);
      await audit(options, tx, "run.start", ["run", runId], {
        preset: input.preset,
        ...(confirmationId ? { confirmationId } : {}),
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
    enqueue: async (runId) => {
      await ctx.queue.enqueue(executeRunJob, { runId });
    },
    markUnqueued: async (runId, now) => {
      // Not over a run finished meanwhile (cancelled while its tasks were written).
      await ctx.prisma.run.updateMany({
        where: { id: runId, finishedAt: null },
        data: {
          status: "failed",
          error: "The run could not be queued.",
          finishedAt: now,
          taskPlan: Prisma.DbNull,
        },
      });
    },
  });
}
