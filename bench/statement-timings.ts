import type { EmbeddedDatabase } from "@geopulse/db";

interface Tally {
  count: number;
  ms: number;
  max: number;
  /** Calls over LONG_MS. */
  long: number;
}

/** A hold long enough to show in `/health`'s tail (its aim: p99 <= 50 ms). */
const LONG_MS = 50;
/** Holds at least this long are kept, with when they ended, to blame slow requests on. */
const LOGGED_MS = 10;

/** A hold kept for `blameSlowRequests`: when it ended (epoch ms, as seen here) and how long. */
interface LoggedHold {
  shape: string;
  endAt: number;
  ms: number;
}

/**
 * Times every statement the embedded database runs, grouped by statement shape (literals and
 * parameters dropped, first 110 characters), and every transaction whole (under its first
 * statement's shape). On the database's own thread (the default) the times are its holds,
 * measured there: how long each statement outside a transaction and each transaction kept
 * PGlite from everything else, waiting for the lock left out. On the main thread
 * (`--main-thread`) they are the wall time of each call, which includes waiting for PGlite's
 * lock and the event-loop turn `openDatabase` yields before it. `report` prints the groups
 * with the longest single call first.
 */
export async function timeStatements(pglite: EmbeddedDatabase) {
  const tallies = new Map<string, Tally>();
  const logged: LoggedHold[] = [];
  const shape = (sql: string) =>
    sql
      .replace(/\s+/g, " ")
      .replace(/'[^']*'/g, "?")
      .replace(/\$\d+/g, "?")
      .replace(/\b\d+\b/g, "N")
      .trim()
      .slice(0, 110);
  const tally = (key: string, ms: number) => {
    const t = tallies.get(key) ?? { count: 0, ms: 0, max: 0, long: 0 };
    t.count++;
    t.ms += ms;
    t.max = Math.max(t.max, ms);
    if (ms > LONG_MS) t.long++;
    tallies.set(key, t);
    if (ms >= LOGGED_MS)
      logged.push({ shape: key, endAt: performance.timeOrigin + performance.now(), ms });
  };
  const holds = pglite.timeHolds !== undefined;
  if (pglite.timeHolds)
    await pglite.timeHolds(({ sql, transaction, ms }) =>
      tally(transaction ? `TRANSACTION ${shape(sql)}` : shape(sql), ms),
    );
  else
    timeCalls(
      pglite,
      (sql, ms) => tally(shape(sql), ms),
      (sql, ms) => tally(`TRANSACTION ${shape(sql)}`, ms),
    );
  return {
    reset: () => {
      tallies.clear();
      logged.length = 0;
    },
    /**
     * Requests slower than `overMs` by the hold they overlapped most (a hold's start is its
     * report's arrival here less its length, so a busy server thread shifts it a little).
     */
    blameSlowRequests(
      requests: { sentAt: number[]; latencies: number[] },
      overMs: number,
      top = 12,
    ): string {
      const blame = new Map<string, number>();
      let slow = 0;
      requests.latencies.forEach((latency, index) => {
        if (latency <= overMs) return;
        slow++;
        const from = requests.sentAt[index] ?? 0;
        const to = from + latency;
        let best = "(no hold of 10 ms or more)";
        let bestOverlap = 0;
        for (const hold of logged) {
          const overlap = Math.min(to, hold.endAt) - Math.max(from, hold.endAt - hold.ms);
          if (overlap > bestOverlap) [best, bestOverlap] = [hold.shape, overlap];
        }
        blame.set(best, (blame.get(best) ?? 0) + 1);
      });
      return [
        `slow requests       ${slow} over ${overMs} ms, by the hold they overlapped most:`,
        ...[...blame]
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
          .map(([shape, n]) => `  ${String(n).padStart(5)}  ${shape}`),
      ].join("\n");
    },
    report(answers: number, top = 25): string {
      const rows = [...tallies].sort((a, b) => b[1].max - a[1].max);
      const statements = rows.filter(([sql]) => !sql.startsWith("TRANSACTION"));
      const total = statements.reduce((sum, [, t]) => sum + t.ms, 0);
      const count = statements.reduce((sum, [, t]) => sum + t.count, 0);
      return [
        holds
          ? "(holds measured on the database thread)"
          : "(wall time of each call, waits included)",
        `statements          ${count} (${(count / answers).toFixed(2)} per answer), ${(total / 1000).toFixed(2)} s (${(total / answers).toFixed(2)} ms per answer)`,
        ...rows
          .slice(0, top)
          .map(
            ([sql, t]) =>
              `  max ${t.max.toFixed(0).padStart(4)} ms, ${t.ms.toFixed(0).padStart(6)} ms ${String(t.count).padStart(6)}x ${String(t.long).padStart(4)} >${LONG_MS}  ${sql}`,
          ),
      ].join("\n");
    },
  };
}

type Run = (sql: string, ...rest: unknown[]) => Promise<unknown>;

/** Wraps an in-thread database's calls to report each one's wall time, and each transaction's. */
function timeCalls(
  pglite: EmbeddedDatabase,
  statement: (sql: string, ms: number) => void,
  transactionDone: (firstSql: string, ms: number) => void,
) {
  const timed =
    (run: Run): Run =>
    async (sql, ...rest) => {
      const started = performance.now();
      try {
        return await run(sql, ...rest);
      } finally {
        statement(sql, performance.now() - started);
      }
    };
  // The adapter calls query/exec on the instance and on each transaction's handle.
  type Runner = { query: Run; exec: Run };
  const wrap = <T>(runner: T): T => {
    const r = runner as unknown as Runner;
    r.query = timed(r.query.bind(runner));
    r.exec = timed(r.exec.bind(runner));
    return runner;
  };
  wrap(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = ((fn: (tx: unknown) => Promise<unknown>) => {
    const started = performance.now();
    let first = "";
    return transaction((tx) => {
      const runner = tx as unknown as Runner;
      const query = runner.query.bind(tx);
      runner.query = (sql, ...rest) => {
        first ||= sql;
        return query(sql, ...rest);
      };
      return fn(wrap(tx));
    }).finally(() => transactionDone(first, performance.now() - started));
  }) as typeof pglite.transaction;
}
