import type { Database } from "@geopulse/db";
import { PgBoss } from "pg-boss";
import type { Logger } from "pino";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { type JobDefinition, queueName } from "./job-definition.js";

export interface JobQueue {
  enqueue<S extends z.ZodType>(job: JobDefinition<S>, payload: z.infer<S>): Promise<void>;
  /** Starts workers for these jobs in this process. */
  work(
    ctx: AppContext,
    jobs: JobDefinition<z.ZodType>[],
    options?: { pollingIntervalSeconds?: number },
  ): Promise<void>;
  stop(options?: { graceful?: boolean }): Promise<void>;
}

/**
 * The durable queue (pg-boss) in the application's database: PostgreSQL, so
 * workers on many machines share it, or the embedded PGlite, driven through
 * pg-boss's `db` adapter option.
 */
export async function startJobQueue(db: Database, logger: Logger): Promise<JobQueue> {
  const pglite = db.pglite;
  const boss = pglite
    ? new PgBoss({
        db: {
          executeSql: async (text: string, values?: unknown[]) => {
            if (values && values.length > 0) return pglite.query(text, values);
            // Parameterless scripts may hold several statements: only exec runs those.
            const results = await pglite.exec(text);
            return { rows: results.at(-1)?.rows ?? [] };
          },
        },
      })
    : new PgBoss({ connectionString: db.url, max: 4 });
  boss.on("error", (error: unknown) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (job: JobDefinition<z.ZodType>) => {
    const name = queueName(job);
    if (created.has(name)) return name;
    await boss.createQueue(name, {
      expireInSeconds: job.expireInSeconds,
      retryLimit: job.retryLimit,
      retryDelay: 1,
      policy: job.singletonKey ? "stately" : "standard",
    });
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
    },
    async work(ctx, jobs, options) {
      for (const job of jobs) {
        const name = await ensureQueue(job);
        await boss.work(
          name,
          { pollingIntervalSeconds: options?.pollingIntervalSeconds ?? 2 },
          async (batch) => {
            for (const item of batch) {
              await job.handle(ctx, job.payload.parse(item.data));
            }
          },
        );
      }
    },
    stop: (options) => boss.stop({ graceful: options?.graceful ?? true }),
  };
}
