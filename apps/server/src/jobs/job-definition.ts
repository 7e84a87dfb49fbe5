import type { z } from "zod";
import type { AppContext } from "../context.js";

/**
 * A background job: a stable id, a version (bumped when the payload changes,
 * so old and new workers never read each other's jobs), a payload schema
 * checked on both ends, and a handler. Handlers must be safe to run again: a
 * job whose worker died is retried.
 */
export interface JobDefinition<Schema extends z.ZodType> {
  id: string;
  version: number;
  payload: Schema;
  /** Seconds a job may run before it is considered dead and retried. */
  expireInSeconds: number;
  retryLimit: number;
  handle(ctx: AppContext, payload: z.infer<Schema>): Promise<void>;
}

export function queueName(job: { id: string; version: number }): string {
  return `${job.id}-v${job.version}`;
}
