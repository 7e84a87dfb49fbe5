import type { EmbeddedDatabase } from "@geopulse/db";

interface Tally {
  count: number;
  ms: number;
  max: number;
}

/**
 * Times every statement the embedded database runs (wall time of each call, which includes
 * waiting for PGlite's lock and the event-loop turn `openDatabase` yields before it: read the
 * figures as holds, not as CPU), grouped by statement shape (literals and
 * parameters dropped, first 110 characters), and every transaction whole. `report` prints the
 * groups with the longest single call first.
 */
export function timeStatements(pglite: EmbeddedDatabase) {
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
        const tally = tallies.get(key) ?? { count: 0, ms: 0, max: 0 };
        const ms = performance.now() - started;
        tally.count++;
        tally.ms += ms;
        tally.max = Math.max(tally.max, ms);
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
  // A transaction is tallied whole too, under its first statement's shape.
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
    }).finally(() => {
      const key = `TRANSACTION ${shape(first)}`;
      const tally = tallies.get(key) ?? { count: 0, ms: 0, max: 0 };
      tally.count++;
      const ms = performance.now() - started;
      tally.ms += ms;
      tally.max = Math.max(tally.max, ms);
      tallies.set(key, tally);
    });
  }) as typeof pglite.transaction;
  return {
    reset: () => tallies.clear(),
    report(answers: number, top = 25): string {
      const rows = [...tallies].sort((a, b) => b[1].max - a[1].max);
      const statements = rows.filter(([sql]) => !sql.startsWith("TRANSACTION"));
      const total = statements.reduce((sum, [, t]) => sum + t.ms, 0);
      const count = statements.reduce((sum, [, t]) => sum + t.count, 0);
      return [
        `statements          ${count} (${(count / answers).toFixed(2)} per answer), ${(total / 1000).toFixed(2)} s (${(total / answers).toFixed(2)} ms per answer)`,
        ...rows
          .slice(0, top)
          .map(
            ([sql, t]) =>
              `  max ${t.max.toFixed(0).padStart(4)} ms, ${t.ms.toFixed(0).padStart(6)} ms ${String(t.count).padStart(6)}x  ${sql}`,
          ),
      ].join("\n");
    },
  };
}
