import { createRequire } from "node:module";
import type { Database } from "@geopulse/db";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { startJobQueue } from "../../src/jobs/job-queue.js";
import { createLogger } from "../../src/logger.js";
import type { TestDatabase } from "../../src/test-support/index.js";
import { createTestDatabase } from "../harness/test-database.js";

const pgBossSchemaVersion = (
  createRequire(import.meta.url)("pg-boss/package.json") as { pgboss: { schema: number } }
).pgboss.schema;

async function jobQueueSchemaVersion(db: Database): Promise<number | undefined> {
  const rows = await db.prisma.$queryRawUnsafe<{ version: number }[]>(
    "SELECT version FROM pgboss.version",
  );
  return rows[0]?.version;
}

/** A queue of its own: no worker takes its job, so the job waits in the table. */
const waitingJob = {
  id: "snapshot-test",
  version: 1,
  payload: z.object({ n: z.number() }),
  expireInSeconds: 60,
  retryLimit: 0,
};

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe("the test database snapshot", () => {
  test("holds pg-boss's schema at its current version before any server starts", async () => {
    database = await createTestDatabase();
    expect(await jobQueueSchemaVersion(database.db)).toBe(pgBossSchemaVersion);
  });
});

describe("the job queue's schema in production", () => {
  test("is installed at start on a fresh database and kept, with its jobs, on the next start", async () => {
    // A new deployment's database: migrated, without pg-boss's schema.
    database = await createTestDatabase();
    const { db } = database;
    await db.prisma.$executeRawUnsafe("DROP SCHEMA pgboss CASCADE");
    const logger = createLogger("silent");
    const first = await startJobQueue(db, logger);
    expect(await jobQueueSchemaVersion(db)).toBe(pgBossSchemaVersion);
    await first.enqueue(waitingJob, { n: 1 });
    await first.stop();

    const second = await startJobQueue(db, logger);
    await second.stop();
    const waiting = await db.prisma.$queryRawUnsafe<{ n: number }[]>(
      "SELECT count(*)::int AS n FROM pgboss.job",
    );
    expect(waiting[0]?.n).toBe(1);
  });
});
