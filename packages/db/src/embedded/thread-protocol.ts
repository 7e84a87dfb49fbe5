import { messages } from "@electric-sql/pglite";

/**
 * The messages between the embedded database's thread (pglite-thread-worker.ts) and the
 * process's main thread (pglite-thread.ts). Everything sent is structured-clone data: no
 * functions (a caller's result parsers stay on the main thread), no class instances beyond
 * what the clone algorithm keeps (Date, Uint8Array, BigInt).
 */

/** How the database thread opens its PGlite. */
export interface ThreadOpenOptions {
  /** A directory, or `memory://` (the default). */
  dataDir?: string | undefined;
  /** A data-directory tarball (PGlite's dumpDataDir) loaded into a fresh in-memory database. */
  loadDataDirFrom?: string | undefined;
}

export type ThreadRequest =
  | {
      op: "query";
      sql: string;
      params: unknown[] | undefined;
      rowMode: "array" | "object" | undefined;
      /** Types the caller parses itself: their values come back as the server's text. */
      rawTypes: number[];
      tx: number | undefined;
    }
  | { op: "exec"; sql: string; tx: number | undefined }
  | { op: "commit"; tx: number }
  /** The caller's callback threw: roll back, and end the transaction. */
  | { op: "abort"; tx: number }
  /** The caller asked for ROLLBACK (tx.rollback()): roll back, and end the transaction. */
  | { op: "rollback"; tx: number }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; channel: string }
  | { op: "dump"; compression: "none" | "gzip" | "auto" | undefined }
  /** Report how long each statement and transaction held PGlite (a bench's measure). */
  | { op: "timeHolds"; on: boolean }
  | { op: "close" };

/**
 * A request with the id its reply will carry, or the start of a transaction, which has no
 * reply: the transaction's next call fails if it could not begin (one round trip less a
 * transaction, while it holds the database's only connection).
 */
export type ThreadCall = ((ThreadRequest & { id: number }) | { op: "begin"; tx: number }) & {
  /** Background work's (statement-priority.ts): a request's call waiting with it goes first. */
  background?: boolean;
};

export type ThreadMessage =
  | { kind: "ready" }
  | { kind: "failed"; error: SerializedError }
  /**
   * `held`, while holds are timed: the milliseconds a statement outside a transaction, or a
   * whole transaction (on its commit's, abort's or rollback's reply), held PGlite.
   */
  | { kind: "reply"; id: number; value: unknown; held?: number }
  | { kind: "error"; id: number; error: SerializedError }
  | { kind: "notify"; channel: string; payload: string };

/** An error's own fields, as primitives: PGlite's errors carry the query options and their parser functions, which cannot be cloned. */
export interface SerializedError {
  name: string;
  message: string;
  /** PostgreSQL's error fields, when the database raised it. */
  database?: Record<string, string | number | undefined> | undefined;
  /** The statement that failed (PGlite sets it on its errors). */
  query?: string | undefined;
}

const databaseFields = [
  "severity",
  "code",
  "detail",
  "hint",
  "position",
  "internalPosition",
  "internalQuery",
  "where",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "file",
  "line",
  "routine",
] as const;

export function serializeError(error: unknown): SerializedError {
  if (error instanceof messages.DatabaseError) {
    const database: Record<string, string | number | undefined> = { length: error.length };
    for (const field of databaseFields) database[field] = error[field];
    const { query } = error as { query?: unknown };
    return {
      name: error.name,
      message: error.message,
      database,
      query: typeof query === "string" ? query : undefined,
    };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

/**
 * The error as the caller would have had it in the same thread: a database error is a
 * `messages.DatabaseError` again, so the Prisma adapter maps its code (unique violations,
 * serialization failures) as it does for an in-thread PGlite.
 */
export function deserializeError(serialized: SerializedError): Error {
  if (serialized.database) {
    const { length, ...fields } = serialized.database;
    const error = new messages.DatabaseError(
      serialized.message,
      Number(length ?? 0),
      "error",
    ) as messages.DatabaseError & Record<string, unknown>;
    Object.assign(error, fields, serialized.query ? { query: serialized.query } : {});
    return error;
  }
  const error = new Error(serialized.message);
  error.name = serialized.name;
  return error;
}
