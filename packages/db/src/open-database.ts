import { mkdirSync } from "node:fs";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { openPglite } from "./embedded/open-pglite.js";
import { type EmbeddedDatabase, openPgliteThread } from "./embedded/pglite-thread.js";
import type { ThreadOpenOptions } from "./embedded/thread-protocol.js";
import { PrismaClient } from "./generated/prisma/client.js";

export type DatabaseKind = "pglite" | "postgres";

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string | undefined;
  /** Maximum pool size for PostgreSQL. */
  poolSize?: number | undefined;
  /**
   * A data-directory tarball (PGlite's dumpDataDir) to load into a fresh in-memory embedded
   * database, instead of `dataDir`.
   */
  loadDataDirFrom?: string | undefined;
  /**
   * Whether the embedded database runs on a thread of its own (the default). On the main
   * thread every statement holds the event loop, and so every request, while it runs.
   */
  thread?: boolean | undefined;
}

export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  /** The adapter factory, also used by the migration engine. */
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** The embedded database, when kind is "pglite" (the job queue and the listeners share it). */
  pglite: EmbeddedDatabase | undefined;
  /** The PostgreSQL connection string, when kind is "postgres" (the job queue connects with it). */
  url: string | undefined;
  close(): Promise<void>;
}

/**
 * The embedded database's transactions run one at a time on its only connection, so a
 * transaction's life includes waiting for every one queued before it: with Prisma's defaults
 * (2 s to start, 5 s in all) a burst of requests (100 concurrent credit reservations took
 * 2.7-3.6 s on the 2-core machine) failed with P2028 instead of waiting its turn.
 */
const transactionOptions = { maxWait: 30_000, timeout: 30_000 };

/** Opens the configured database: PostgreSQL when a URL is given, PGlite otherwise. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const adapterFactory = new PrismaPg({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    const prisma = new PrismaClient({ adapter: adapterFactory });
    return {
      kind: "postgres",
      prisma,
      adapterFactory,
      pglite: undefined,
      url: options.databaseUrl,
      close: () => prisma.$disconnect(),
    };
  }
  const inMemory = !options.dataDir || options.dataDir.startsWith("memory://");
  if (!inMemory && options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const dataDir = inMemory ? undefined : options.dataDir;
  const embedded = { dataDir, loadDataDirFrom: options.loadDataDirFrom };
  const pglite =
    options.thread === false ? await openInThread(embedded) : await openPgliteThread(embedded);
  // The adapter uses query, exec and transaction, which the thread's stand-in provides.
  const adapterFactory = new PrismaPGlite(pglite as unknown as PGlite);
  const prisma = new PrismaClient({ adapter: adapterFactory, transactionOptions });
  return {
    kind: "pglite",
    prisma,
    adapterFactory,
    pglite,
    url: undefined,
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

/** PGlite on the calling thread, yielding to the event loop before each statement. */
async function openInThread(options: ThreadOpenOptions): Promise<EmbeddedDatabase> {
  const pglite = await openPglite(options);
  yieldBeforeStatements(pglite);
  return pglite as unknown as EmbeddedDatabase;
}

/**
 * Lets the event loop run before every statement and transaction of the embedded database.
 * PGlite runs a statement on the calling thread and settles its promise without a macrotask
 * in between, so a job awaiting statement after statement would hold the thread (and every
 * HTTP request) until it ends; one `setImmediate` before each bounds that hold to one
 * statement, or one transaction, and the work between two. Inside a transaction nothing
 * yields: it holds the single connection, so it is best finished in one stretch (another
 * request's statement would wait for it anyway). The job queue's statements go through here
 * too.
 */
function yieldBeforeStatements(pglite: PGlite): void {
  const { query, exec, transaction } = pglite;
  pglite.query = (async (...args: Parameters<typeof query>) => {
    await yieldToLoop();
    return query.apply(pglite, args);
  }) as typeof query;
  pglite.exec = (async (...args: Parameters<typeof exec>) => {
    await yieldToLoop();
    return exec.apply(pglite, args);
  }) as typeof exec;
  pglite.transaction = (async (...args: Parameters<typeof transaction>) => {
    await yieldToLoop();
    return transaction.apply(pglite, args);
  }) as typeof transaction;
}
