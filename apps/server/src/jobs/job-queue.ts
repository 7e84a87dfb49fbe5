import { type Database, withBackgroundPriority } from "@geopulse/db";
import { PgBoss } from "pg-boss";
import type { Logger } from "pino";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { type JobDefinition, type JobHandler, queueName } from "./job-definition.js";

export interface JobQueue {
  enqueue<S extends z.ZodType>(job: JobDefinition<S>, payload: z.infer<S>): Promise<void>;
  /** Starts workers for these jobs in this process. */
  work(
    ctx: AppContext,
    handlers: JobHandler<z.ZodType>[],
    options?: { pollingIntervalSeconds?: number },
  ): Promise<void>;
  stop(options?: { graceful?: boolean }): Promise<void>;
}

/**
 * The durable queue (pg-boss) in the application's database: PostgreSQL, so
 * workers on many machines share it, or the embedded PGlite, driven through
 * pg-boss's `db` adapter option.
 */
export async function startJobQueue(
  db: Database,
  logger: Logger,
  options: { superviseSeconds?: number } = {},
): Promise<JobQueue> {
  const pglite = db.pglite;
  // How often expired jobs and jobs with a stale heartbeat are failed and retried.
  const supervision = {
    superviseIntervalSeconds: options.superviseSeconds ?? 60,
    monitorIntervalSeconds: options.superviseSeconds ?? 60,
  };
  const boss = pglite
    ? new PgBoss({
        ...supervision,
        db: {
          executeSql: async (text: string, values?: unknown[]) => {
            if (values && values.length > 0) return pglite.query(text, values);
            // Parameterless scripts may hold several statements: only exec runs those.
            const results = await pglite.exec(text);
            return { rows: results.at(-1)?.rows ?? [] };
          },
        },
      })
    : // LISTEN/NOTIFY wakes workers on other machines as soon as a job is sent
      // (polling stays as the fallback); it holds one more connection.
      new PgBoss({ ...supervision, connectionString: db.url, max: 4, useListenNotify: true });
  boss.on("error", (error: unknown) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  const created = new Set<string>();
  // This process's workers by queue: woken right after a send instead of at their next poll.
  const localWorkers = new Map<string, string[]>();
  const ensureQueue = async (job: JobDefinition<z.ZodType>) => {
    const name = queueName(job);
    if (created.has(name)) return name;
    const settings = {
      expireInSeconds: job.expireInSeconds,
      retryLimit: job.retryLimit,
      retryDelay: 1,
      notify: true,
      ...(job.heartbeatSeconds ? { heartbeatSeconds: job.heartbeatSeconds } : {}),
    };
    await boss.createQueue(name, {
      ...settings,
      policy: job.singletonKey ? "stately" : "standard",
    });
    // A queue made by an earlier release keeps its row: bring its settings up to date.
    await boss.updateQueue(name, settings);
    created.add(name);
    return name;
  };
  return {
    async enqueue(job, payload) {
      const name = await ensureQueue(job as JobDefinition<z.ZodType>);
      const data = job.payload.parse(payload) as z.infer<typeof job.payload>;
      // A duplicate of a waiting singleton job is dropped by pg-boss (send returns null).
      const singletonKey = job.singletonKey?.(data);
      await boss.send(name, data as object, singletonKey ? { singletonKey } : {});
      for (const workerId of localWorkers.get(name) ?? []) boss.notifyWorker(workerId);
    },
    async work(ctx, handlers, options) {
      const poll = options?.pollingIntervalSeconds ?? 2;
      for (const { job, handle } of handlers) {
        const name = await ensureQueue(job);
        const workerId = await boss.work(
          name,
          {
            pollingIntervalSeconds: poll,
            // NOTIFY wakes workers for new jobs only; retries and deferred jobs are found by polling.
            notifyPollingIntervalSeconds: poll,
          },
          async (batch) => {
            for (const item of batch) {
              await withBackgroundPriority(() => handle(ctx, job.payload.parse(item.data)));
            }
          },
        );
        localWorkers.set(name, [...(localWorkers.get(name) ?? []), workerId]);
      }
    },
    stop: (options) => boss.stop({ graceful: options?.graceful ?? true }),
  };
}
