import { Worker } from "node:worker_threads";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { isBackgroundWork } from "./statement-priority.js";
import {
  deserializeError,
  type ThreadCall,
  type ThreadMessage,
  type ThreadOpenOptions,
  type ThreadRequest,
} from "./thread-protocol.js";

/** What the application, the Prisma adapter and the job queue use of an embedded database. */
export interface EmbeddedDatabase {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Reports how long each statement outside a transaction, and each transaction whole (under
   * its first statement), held the database, waiting for it left out; `undefined` stops. Only
   * the database thread measures it (a bench's figure: `bench/statement-timings.ts`).
   */
  timeHolds?(report: HoldReport | undefined): Promise<void>;
  /** The data directory as a tarball (PGlite's dumpDataDir). */
  dumpDataDir(compression?: "none" | "gzip" | "auto"): Promise<Blob>;
  close(): Promise<void>;
}

type Parser = (value: string, typeId?: number) => unknown;

/** A statement, or a transaction under its first statement. */
type HoldLabel = { sql: string; transaction: boolean };

export type HoldReport = (hold: HoldLabel & { ms: number }) => void;

/**
 * Opens PGlite on a thread of its own and returns its stand-in for the main thread. Each
 * statement is a message to that thread; results come back as data, and the caller's own
 * parsers (the Prisma adapter's) run here on the raw text, so the caller sees what an
 * in-thread PGlite would have given it. Transactions hold the database thread's PGlite
 * transaction open between messages, so other statements wait for them as they would in one
 * thread. If the thread dies, every pending and later call fails.
 */
export async function openPgliteThread(
  options: ThreadOpenOptions,
  /** The thread's script: the database's, or a test's stand-in for it. */
  script: URL = new URL("./pglite-thread-worker.js", import.meta.url),
): Promise<EmbeddedDatabase> {
  const worker = new Worker(script, { workerData: options });
  const pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; hold: HoldLabel | undefined }
  >();
  let holdReport: HoldReport | undefined;
  const channels = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let gone: Error | undefined;

  // The thread keeps the process alive only while a call waits on it.
  worker.unref();
  let nextTx = 1;
  /** The first statement of each open transaction, under which its hold is reported. */
  const firstStatements = new Map<number, string>();
  /** What a call's hold is reported as, while holds are timed. */
  const holdOf = (request: ThreadRequest): HoldLabel | undefined => {
    if ("sql" in request) {
      if (request.tx !== undefined && !firstStatements.has(request.tx))
        firstStatements.set(request.tx, request.sql);
      return { sql: request.sql, transaction: false };
    }
    if (request.op !== "commit" && request.op !== "abort" && request.op !== "rollback")
      return undefined;
    const sql = firstStatements.get(request.tx) ?? "";
    firstStatements.delete(request.tx);
    return { sql, transaction: true };
  };
  const call = <T>(request: ThreadRequest): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    const hold = holdReport ? holdOf(request) : undefined;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, hold });
      worker.postMessage({ ...request, id, background: isBackgroundWork() } satisfies ThreadCall);
    });
  };
  const settle = (id: number) => {
    const waiter = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return waiter;
  };
  const failAll = (error: Error) => {
    gone ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(gone);
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on("message", (message: ThreadMessage) => {
      switch (message.kind) {
        case "ready":
          return resolve();
        case "failed":
          return reject(deserializeError(message.error));
        case "reply": {
          const waiter = settle(message.id);
          if (waiter?.hold && message.held !== undefined)
            holdReport?.({ ...waiter.hold, ms: message.held });
          return waiter?.resolve(message.value);
        }
        case "error":
          return settle(message.id)?.reject(deserializeError(message.error));
        case "notify":
          for (const callback of channels.get(message.channel) ?? []) callback(message.payload);
          return;
      }
    });
    worker.on("error", (error) => {
      reject(error);
      failAll(new Error(`the embedded database's thread failed: ${error.message}`));
    });
    worker.on("exit", (code) => {
      reject(new Error(`the embedded database's thread exited (${code}) before it was ready`));
      failAll(new Error(`the embedded database's thread exited (${code})`));
    });
  });
  worker.ref();
  await ready.finally(() => worker.unref());

  const query = async <T>(
    sql: string,
    params: unknown[] | undefined,
    queryOptions: QueryOptions | undefined,
    tx: number | undefined,
  ): Promise<Results<T>> => {
    if (queryOptions?.serializers || queryOptions?.blob || queryOptions?.onNotice)
      throw new Error("serializers, blob and onNotice are not supported by the database thread");
    const parsers = (queryOptions?.parsers ?? {}) as Record<number, Parser>;
    const result = await call<Results<T>>({
      op: "query",
      sql,
      params,
      rowMode: queryOptions?.rowMode,
      rawTypes: Object.keys(parsers).map(Number),
      tx,
    });
    return parseRaw(result, parsers);
  };
  const exec = (sql: string, tx: number | undefined) => call<Results[]>({ op: "exec", sql, tx });

  const transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    if (gone) throw gone;
    const id = nextTx++;
    // No reply: the transaction's first call waits for it (and fails if it could not begin).
    worker.postMessage({
      op: "begin",
      tx: id,
      background: isBackgroundWork(),
    } satisfies ThreadCall);
    // The callback runs after this call has returned its promise, as PGlite's does (the Prisma
    // adapter's callback refers to that promise).
    await Promise.resolve();
    let closed = false;
    const checkClosed = () => {
      if (closed) throw new Error("Transaction is closed");
    };
    const tx: Transaction = {
      query: async (sql, params, options) => {
        checkClosed();
        return query(sql, params, options, id);
      },
      sql: async () => {
        throw new Error("tagged-template queries are not supported by the database thread");
      },
      exec: async (sql) => {
        checkClosed();
        return exec(sql, id);
      },
      // Closed at once: a commit asked for after a rollback (the Prisma adapter does not
      // await its rollback) must not run.
      rollback: async () => {
        checkClosed();
        closed = true;
        await call({ op: "rollback", tx: id });
      },
      listen: async () => {
        throw new Error("listening inside a transaction is not supported by the database thread");
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await call({ op: "abort", tx: id });
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await call({ op: "commit", tx: id });
    }
    return result;
  };

  return {
    query: (sql, params, queryOptions) => query(sql, params, queryOptions, undefined),
    exec: (sql) => exec(sql, undefined),
    transaction,
    async listen(channel, callback) {
      let callbacks = channels.get(channel);
      if (!callbacks) {
        callbacks = new Set();
        channels.set(channel, callbacks);
        await call({ op: "listen", channel });
      }
      callbacks.add(callback);
      return async () => {
        const current = channels.get(channel);
        if (!current?.delete(callback) || current.size > 0) return;
        channels.delete(channel);
        await call({ op: "unlisten", channel });
      };
    },
    async timeHolds(report) {
      holdReport = report;
      await call({ op: "timeHolds", on: report !== undefined });
    },
    async dumpDataDir(compression) {
      const bytes = await call<Uint8Array<ArrayBuffer>>({ op: "dump", compression });
      return new Blob([bytes]);
    },
    async close() {
      if (gone) return;
      await call({ op: "close" });
      gone = new Error("the embedded database is closed");
      await worker.terminate();
    },
  };
}

/** Applies the caller's parsers to the values the thread left as text (nulls stay null). */
function parseRaw<T>(result: Results<T>, parsers: Record<number, Parser>): Results<T> {
  const columns = result.fields.flatMap((field, index) => {
    const parser = parsers[field.dataTypeID];
    return parser ? [{ index, name: field.name, type: field.dataTypeID, parser }] : [];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { index, name, type, parser } of columns) {
      const key = Array.isArray(row) ? index : name;
      const value = row[key];
      if (typeof value === "string") row[key] = parser(value, type);
    }
  }
  return result;
}
