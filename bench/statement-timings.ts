import type { PGlite } from "@electric-sql/pglite";

interface Tally {
  count: number;
  ms: number;
}

/**
 * Times every statement the embedded database runs (wall time of each call: PGlite runs on the
 * calling thread, so it is that thread's CPU), grouped by statement shape (literals and
 * parameters dropped, first 110 characters). `report` prints the heaviest groups.
 */
export function timeStatements(pglite: PGlite) {
  const tallies = new Map<string, Tally>();
  const shape = (sql: string) =>
    sql
      .replace(/\s+/g, " ")
      .replace(/'[^']*'/g, "?")
      .replace(/\$\d+/g, "?")
      .replace(/\b\d+\b/g, "N")
      .trim()
      .slice(0, 110);
  type Run = (sql: string, ...rest: unknown[]) => Promise<unknown>;
  const timed =
    (run: Run): Run =>
    async (sql, ...rest) => {
      const started = performance.now();
      try {
        return await run(sql, ...rest);
      } finally {
        const key = shape(sql);
        const tally = tallies.get(key) ?? { count: 0, ms: 0 };
        tally.count++;
        tally.ms += performance.now() - started;
        tallies.set(key, tally);
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
  pglite.transaction = ((fn: (tx: unknown) => Promise<unknown>) =>
    transaction((tx) => fn(wrap(tx)))) as typeof pglite.transaction;
  return {
    reset: () => tallies.clear(),
    report(answers: number, top = 25): string {
      const rows = [...tallies].sort((a, b) => b[1].ms - a[1].ms);
      const total = rows.reduce((sum, [, t]) => sum + t.ms, 0);
      const count = rows.reduce((sum, [, t]) => sum + t.count, 0);
      return [
        `statements          ${count} (${(count / answers).toFixed(2)} per answer), ${(total / 1000).toFixed(2)} s (${(total / answers).toFixed(2)} ms per answer)`,
        ...rows
          .slice(0, top)
          .map(
            ([sql, t]) =>
              `  ${t.ms.toFixed(0).padStart(6)} ms ${String(t.count).padStart(6)}x  ${sql}`,
          ),
      ].join("\n");
    },
  };
}
