/**
 * The embedded database's own thread: one PGlite, driven by the main thread's calls
 * (pglite-thread.ts). PGlite runs every statement synchronously on the thread that calls it;
 * here that hold is this thread's, so the main thread keeps serving requests while a statement
 * or a transaction runs.
 *
 * Calls are handled as they arrive, each on its own: a call outside a transaction, or a
 * transaction whole, waits for its turn (turns.ts: a request's before background work's), and
 * the calls of one transaction run in order within its turn.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { Results, Transaction } from "@electric-sql/pglite";
import { HoldClock } from "./hold-clock.js";
import { openPglite } from "./open-pglite.js";
import {
  serializeError,
  type ThreadCall,
  type ThreadMessage,
  type ThreadOpenOptions,
  type ThreadRequest,
} from "./thread-protocol.js";
import { Turns } from "./turns.js";

interface StartedTransaction {
  /** When the transaction was asked for (performance.now()). */
  askedAt: number;
  handle: Transaction;
  /** Ends the transaction's callback: resolve commits, reject rolls back. */
  finish: { resolve: () => void; reject: (reason: unknown) => void };
  /** The transaction's end, as PGlite reports it (a failed COMMIT rejects). */
  ended: Promise<unknown>;
}

interface OpenTransaction {
  /** Settles once PGlite has begun the transaction; rejects if it could not. */
  started: Promise<StartedTransaction>;
  /** The last call of this transaction, so the next runs after it. */
  tail: Promise<unknown>;
}

/** Why an aborted transaction's callback ends: not an error of the database's. */
const aborted = Symbol("aborted");

const port = parentPort;
if (!port) throw new Error("pglite-thread-worker runs in a worker thread");
const post = (message: ThreadMessage) => port.postMessage(message);

const options = workerData as ThreadOpenOptions;
const pglite = await openPglite(options).catch((error: unknown) => {
  post({ kind: "failed", error: serializeError(error) });
  return undefined;
});

if (pglite) {
  const db = pglite;
  const transactions = new Map<number, OpenTransaction>();
  const listeners = new Map<string, () => Promise<void>>();
  const holds = new HoldClock();
  const turns = new Turns();

  /**
   * Runs `work` after the transaction's earlier calls, once it has begun (a transaction that
   * could not begin fails every call with why), or at once outside a transaction.
   */
  const inOrder = (
    tx: number | undefined,
    work: (started?: StartedTransaction) => Promise<unknown>,
  ) => {
    if (tx === undefined) return work();
    const open = transactions.get(tx);
    if (!open) return Promise.reject(new Error("Transaction is closed"));
    const next = open.tail
      .catch(() => {})
      .then(() => open.started)
      .then(work);
    open.tail = next.catch(() => {});
    return next;
  };

  /** Begins a transaction in its turn, which lasts until the transaction ends. */
  const begin = (tx: number, background: boolean) => {
    const askedAt = performance.now();
    const started = new Promise<StartedTransaction>((resolve, reject) => {
      const ended = turns.take(background, () =>
        db.transaction(
          (handle) =>
            new Promise<void>((commit, rollback) => {
              resolve({ askedAt, handle, finish: { resolve: commit, reject: rollback }, ended });
            }),
        ),
      );
      // Before the transaction starts (BEGIN failed), its calls hear it through `started`.
      ended.catch(reject);
    });
    started.catch(() => {});
    transactions.set(tx, { started, tail: started });
  };

  /**
   * Ends the transaction: "commit" commits (unless it was rolled back), "abort" rolls back.
   * Returns how long it held PGlite, while holds are timed.
   */
  const end = async (tx: number, how: "commit" | "abort"): Promise<number | undefined> => {
    const open = transactions.get(tx);
    if (!open) return undefined;
    transactions.delete(tx);
    // Nothing to roll back of a transaction that never began.
    const started =
      how === "abort" ? await open.started.catch(() => undefined) : await open.started;
    if (!started) return undefined;
    if (how === "commit") started.finish.resolve();
    else started.finish.reject(aborted);
    try {
      await started.ended;
    } catch (error) {
      if (error !== aborted) throw error;
    }
    return holds.held(started.askedAt);
  };

  /**
   * Runs a call. While holds are timed, a statement reports its hold (inside a transaction:
   * its own run, the transaction holding the lock), and a transaction's end the whole
   * transaction's.
   */
  const handle = async (
    call: ThreadRequest,
    background: boolean,
  ): Promise<{ value: unknown; held?: number }> => {
    const askedAt = performance.now();
    const ran = { at: askedAt };
    const inTransaction = "tx" in call && call.tx !== undefined;
    const value = await (inTransaction || call.op === "timeHolds"
      ? run(call, ran)
      : turns.take(background, () => run(call, ran)));
    if (call.op === "query" || call.op === "exec") {
      if (call.tx === undefined) return { value, held: holds.held(askedAt) };
      return holds.on ? { value, held: performance.now() - ran.at } : { value };
    }
    if (call.op === "commit" || call.op === "abort" || call.op === "rollback")
      return { value: undefined, held: value as number | undefined };
    return { value };
  };

  /** `ran.at`: when a statement's turn came (after its transaction's earlier calls). */
  const run = async (call: ThreadRequest, ran: { at: number }): Promise<unknown> => {
    switch (call.op) {
      case "query":
        return inOrder(call.tx, async (started) => {
          ran.at = performance.now();
          const parsers = Object.fromEntries(call.rawTypes.map((type) => [type, rawText]));
          const runner = started?.handle ?? db;
          const result = await runner.query(call.sql, call.params, {
            ...(call.rowMode ? { rowMode: call.rowMode } : {}),
            parsers,
          });
          return plainResult(result);
        });
      case "exec":
        return inOrder(call.tx, async (started) => {
          ran.at = performance.now();
          const results = await (started?.handle ?? db).exec(call.sql);
          return results.map(plainResult);
        });
      // Ending a transaction that has already ended (rolled back) is not an error.
      case "commit":
      case "abort":
        if (!transactions.has(call.tx)) return undefined;
        return inOrder(call.tx, () => end(call.tx, call.op === "commit" ? "commit" : "abort"));
      case "rollback":
        return inOrder(call.tx, async (started) => {
          await started?.handle.rollback();
          return end(call.tx, "commit");
        });
      case "listen": {
        if (listeners.has(call.channel)) return undefined;
        const channel = call.channel;
        const stop = await db.listen(channel, (payload) =>
          post({ kind: "notify", channel, payload }),
        );
        listeners.set(channel, stop);
        return undefined;
      }
      case "unlisten": {
        const stop = listeners.get(call.channel);
        listeners.delete(call.channel);
        await stop?.();
        return undefined;
      }
      case "dump": {
        const dump = await db.dumpDataDir(call.compression);
        return new Uint8Array(await dump.arrayBuffer());
      }
      case "timeHolds":
        holds.on = call.on;
        return undefined;
      case "close":
        await db.close();
        return undefined;
    }
  };

  port.on("message", (call: ThreadCall) => {
    const background = call.background ?? false;
    if (call.op === "begin") return begin(call.tx, background);
    const { id } = call;
    handle(call, background).then(
      ({ value, held }) => {
        // A dump's bytes move instead of being copied.
        const transfer = value instanceof Uint8Array ? [value.buffer as ArrayBuffer] : [];
        const reply: ThreadMessage = { kind: "reply", id, value };
        if (held !== undefined) reply.held = held;
        port.postMessage(reply, transfer);
        if (call.op === "close") port.close();
      },
      (error: unknown) => post({ kind: "error", id, error: serializeError(error) }),
    );
  });
  post({ kind: "ready" });
}

/** Leaves a value as the server's text, for the caller's own parser on the main thread. */
function rawText(value: string): string {
  return value;
}

/** A result without what cannot cross threads (a COPY's blob is not used over the thread). */
function plainResult(result: Results<unknown>): Results<unknown> {
  const { rows, fields, affectedRows, command, rowCount } = result;
  return { rows, fields, affectedRows, command, rowCount };
}
