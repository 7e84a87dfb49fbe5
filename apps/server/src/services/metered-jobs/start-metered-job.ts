import type { Prisma } from "@geopulse/db";
import { principalIdOf } from "../../http/principal.js";
import { releaseCredits } from "../credits/release-credits.js";
import { runIdempotent } from "../idempotency/idempotency.js";
import type { WorkspaceOperation } from "../operation.js";

export interface StartMeteredJobOptions<R> {
  /** Who starts the job, in which workspace. */
  op: WorkspaceOperation;
  /** The operation's name, which scopes its idempotency keys (`startRun`). */
  operation: string;
  /** The request: a retry with its idempotency key must repeat the rest exactly. */
  input: { idempotencyKey?: string | undefined };
  /**
   * In one transaction: plans, holds the credit (402 before anything is
   * written), writes the job's rows and its audit record.
   */
  create(
    tx: Prisma.TransactionClient,
  ): Promise<{ id: string; reservationId: string | null; result: R }>;
  /** The answer for a retry, from the stored job. */
  replay(id: string): Promise<R>;
  /** Puts the written job on the queue. */
  enqueue(id: string): Promise<void>;
  /** Marks the written job failed when it could not be queued. */
  markUnqueued(id: string, now: Date): Promise<void>;
}

/**
 * The start of every paid background job (runs, prompt generation,
 * research): the rows and the credit hold commit together, at most once per
 * idempotency key, and only then is the job queued; a job that cannot be
 * queued is marked failed and its hold released, so no credit stays held by
 * work that will never run.
 */
export async function startMeteredJob<R>(options: StartMeteredJobOptions<R>): Promise<R> {
  const { ctx, principal, workspace } = options.op;
  const { idempotencyKey, ...request } = options.input;
  let created: { id: string; reservationId: string | null } | undefined;
  const result = await runIdempotent({
    ctx,
    scope: idempotencyKey
      ? {
          workspaceId: workspace.id,
          principalId: principalIdOf(principal),
          operation: options.operation,
          key: idempotencyKey,
          request,
        }
      : undefined,
    run: async (tx) => {
      const { id, reservationId, result } = await options.create(tx);
      created = { id, reservationId };
      return { resourceId: id, result };
    },
    replay: (id) => {
      // A request that raced the first with the same key wrote nothing (its transaction rolled
      // back on the key): there is nothing of its own to queue.
      created = undefined;
      return options.replay(id);
    },
  });
  if (created) {
    try {
      await options.enqueue(created.id);
    } catch (error) {
      if (created.reservationId)
        await releaseCredits({ ctx, reservationId: created.reservationId, reason: "failed" });
      await options.markUnqueued(created.id, ctx.clock.now());
      throw error;
    }
  }
  return result;
}
