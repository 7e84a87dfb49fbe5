import { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { engineProfile } from "../../engines/engine-registry.js";
import { newId } from "../../ids.js";
import { storableJson } from "../../text/storable-text.js";
import type { RunTask } from "./task-feed.js";

/** What a run asks, stored with it (`runs.task_plan`): its tasks are this plan's product. */
export interface TaskPlan {
  promptIds: string[];
  engines: Array<{ id: string; model: string; simulated: boolean }>;
  repetitions: number;
}

/**
 * Task rows per statement. A run's rows are written in chunks so that no statement holds the
 * embedded database's single connection for long (3,000 rows at once held it about 0.4 s,
 * during which every request waited); a chunk of 100 takes about 6-15 ms there. The first
 * chunk (20 tasks per engine of a standard run with five) is written with the run.
 */
export const TASKS_PER_CHUNK = 100;

function taskCount(plan: TaskPlan): number {
  return plan.promptIds.length * plan.engines.length * plan.repetitions;
}

/** The run's task rows from index `from` up to `to` (prompt, then engine, then repetition). */
function taskRows(ctx: AppContext, plan: TaskPlan, from: number, to: number) {
  const perPrompt = plan.engines.length * plan.repetitions;
  const rows: Array<Record<string, unknown>> = [];
  for (let index = from; index < to; index++) {
    const engine = plan.engines[Math.floor(index / plan.repetitions) % plan.engines.length];
    const promptId = plan.promptIds[Math.floor(index / perPrompt)];
    if (!engine || !promptId) break;
    const profile = engineProfile(engine.id);
    rows.push({
      id: newId("rsp", ctx.clock),
      prompt_id: promptId,
      engine: engine.id,
      model: engine.model,
      repetition: (index % plan.repetitions) + 1,
      simulated: engine.simulated,
      surface: profile.surface,
      collector: profile.collector,
    });
  }
  return rows;
}

/**
 * Writes the run's pending tasks `from` up to `to` in one statement, those not written yet
 * (the run's unique task key makes a repeat a no-op) and only while the run is unfinished (a
 * queued run cancelled meanwhile gets no more tasks). Returns the chunk's pending tasks (none
 * once the run is finished): those it wrote and those already written and still pending (by
 * an executor this one replaced, which may have written them after this one read its tasks;
 * the feed skips those it has).
 * The lookup is a LATERAL per row with OFFSET 0 so that it stays an index probe of the task key
 * on the embedded database, which keeps no table statistics.
 */
async function insertTaskChunk(
  db: Prisma.TransactionClient,
  rows: Array<Record<string, unknown>>,
  run: { id: string; workspaceId: string; createdAt: Date },
): Promise<RunTask[]> {
  return db.$queryRawUnsafe<RunTask[]>(
    `WITH v AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS v(id text, prompt_id text, engine text, model text, repetition int, simulated boolean,
           surface text, collector text)
     ), written AS (
       INSERT INTO engine_responses (id, run_id, workspace_id, prompt_id, engine, model,
         repetition, status, search_queries, cost_microusd, attempts, simulated, surface,
         collector, created_at, purpose)
       SELECT v.id, r.id, r.workspace_id, v.prompt_id, v.engine, v.model, v.repetition,
         'pending', '{}'::text[], 0, 0, v.simulated, v.surface, v.collector, $3::timestamptz,
         r.purpose
       FROM v JOIN runs r ON r.id = $2 AND r.workspace_id = $4 AND r.finished_at IS NULL
       ON CONFLICT (run_id, prompt_id, engine, repetition) DO NOTHING
       RETURNING id, prompt_id, engine, model, repetition
     )
     SELECT id, prompt_id AS "promptId", engine, model, repetition FROM written
     UNION ALL
     SELECT e.id, e.prompt_id, e.engine, e.model, e.repetition
     FROM v CROSS JOIN LATERAL (
       SELECT e.id, e.prompt_id, e.engine, e.model, e.repetition FROM engine_responses e
       WHERE e.run_id = $2 AND e.prompt_id = v.prompt_id AND e.engine = v.engine
         AND e.repetition = v.repetition AND e.status = 'pending'
       OFFSET 0
     ) e
     WHERE EXISTS (SELECT 1 FROM runs r WHERE r.id = $2 AND r.finished_at IS NULL)`,
    storableJson(rows),
    run.id,
    run.createdAt.toISOString(),
    run.workspaceId,
  );
}

/** Writes the run's first chunk of tasks inside the transaction that creates the run. */
export async function insertFirstTasks(
  ctx: AppContext,
  tx: Prisma.TransactionClient,
  run: { id: string; workspaceId: string; createdAt: Date },
  plan: TaskPlan,
): Promise<void> {
  await insertTaskChunk(tx, taskRows(ctx, plan, 0, TASKS_PER_CHUNK), run);
}

export interface InsertRemainingTasksOptions {
  ctx: AppContext;
  run: { id: string; workspaceId: string; createdAt: Date };
  plan: TaskPlan;
  /** The plan's first task index to write (0 writes whatever is missing). */
  from?: number;
  /** Each chunk's new rows, once written (the executor asks them while the rest are written). */
  onWritten?: (tasks: RunTask[]) => void;
  /** Checked before each chunk: true stops writing, and the plan is kept. */
  stopped?: () => boolean;
}

/**
 * Writes every task of the run not written yet, a chunk per statement (each its own
 * transaction, so requests run between them), then drops the run's plan (every task is
 * written: nothing needs it, and run reads stop carrying it). Its executor does this while it
 * asks the tasks written so far; after a crash, the next executor writes what is missing.
 */
export async function insertRemainingTasks(options: InsertRemainingTasksOptions): Promise<void> {
  const { ctx, run, plan } = options;
  const total = taskCount(plan);
  for (let start = options.from ?? TASKS_PER_CHUNK; start < total; start += TASKS_PER_CHUNK) {
    if (options.stopped?.()) return;
    const written = await insertTaskChunk(
      ctx.prisma,
      taskRows(ctx, plan, start, start + TASKS_PER_CHUNK),
      run,
    );
    options.onWritten?.(written);
  }
  await ctx.prisma.run.updateMany({ where: { id: run.id }, data: { taskPlan: Prisma.DbNull } });
}

/** The run's stored plan: undefined once every task is written (or before plans were kept). */
export function storedTaskPlan(value: Prisma.JsonValue | null): TaskPlan | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  return value as unknown as TaskPlan;
}
