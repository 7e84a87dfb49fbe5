import { z } from "zod";
import type { AppContext } from "../context.js";

/**
 * A background job: a stable id, a version (bumped when the payload changes,
 * so old and new workers never read each other's jobs), a payload schema
 * checked on both ends, and the queue's settings. What starts work imports
 * only this (`jobs/definitions/`); the code that does the work is bound to it
 * by a `JobHandler` (`jobs/job-handlers.ts`), loaded by worker processes.
 */
export interface JobDefinition<Schema extends z.ZodType> {
  id: string;
  version: number;
  payload: Schema;
  /** Seconds a job may run before it is considered dead and retried. */
  expireInSeconds: number;
  retryLimit: number;
  /**
   * Seconds without a sign of life before the job is failed and retried by
   * any process's queue supervisor (pg-boss refreshes it while the handler
   * runs, so only a dead or frozen worker misses it). Unset: only
   * `expireInSeconds` bounds a dead worker's job.
   */
  heartbeatSeconds?: number;
  /**
   * With a key, at most one job per key waits in the queue and one runs
   * (pg-boss's `stately` policy): a burst of requests for the same work
   * collapses into one queued job, which still runs after the active one so
   * nothing requested during it is lost. Fixed at queue creation: changing it
   * needs a new version.
   */
  singletonKey?(payload: z.infer<Schema>): string;
}

/**
 * What a worker does with a job's payload. Handlers must be safe to run
 * again: a job whose worker died is retried.
 */
export interface JobHandler<Schema extends z.ZodType> {
  job: JobDefinition<Schema>;
  handle(ctx: AppContext, payload: z.infer<Schema>): Promise<void>;
}

/** Binds a definition to its handler, typed by the definition's payload. */
export function defineJobHandler<Schema extends z.ZodType>(
  job: JobDefinition<Schema>,
  handle: (ctx: AppContext, payload: z.infer<Schema>) => Promise<void>,
): JobHandler<z.ZodType> {
  return { job, handle } as unknown as JobHandler<z.ZodType>;
}

export function queueName(job: { id: string; version: number }): string {
  return `${job.id}-v${job.version}`;
}

/**
 * The queue settings of a paid job that resumes at its next call (prompt
 * generation, research): a dead worker's job is retried, resuming where it
 * stopped, within about a minute.
 */
export const resumableCallsJob = {
  expireInSeconds: 1800,
  heartbeatSeconds: 30,
  retryLimit: 3,
} as const;

/** The payload of a job that works over one workspace's stored data. */
export const workspacePayload = z.object({ workspaceId: z.string().min(1).max(100) });

/**
 * A job over one workspace's stored data (re-analysis, change detection,
 * impact measurement): safe to repeat, retried after a dead worker within
 * about a minute, and one waits in the queue per workspace (a burst of
 * triggers runs it once more after the one in progress).
 */
export function workspaceJob(options: {
  id: string;
  version: number;
  expireInSeconds: number;
}): JobDefinition<typeof workspacePayload> {
  return {
    ...options,
    payload: workspacePayload,
    heartbeatSeconds: 30,
    retryLimit: 3,
    singletonKey: (p) => p.workspaceId,
  };
}
