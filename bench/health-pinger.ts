import { Worker } from "node:worker_threads";

/**
 * `GET /api/v1/health` every `intervalMs` from a worker thread (its own event loop, so a
 * busy server thread in this process delays the answers, not the sending), not waiting for
 * the previous answer. `stop` returns each request's milliseconds, the database's share the
 * server reports (`database.latencyMs`: its `SELECT 1`, waiting for the connection included),
 * when each was sent (epoch milliseconds, to line up with the database's holds) and the failures.
 */
export function startHealthPinger(baseUrl: string, intervalMs: number) {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require("node:worker_threads");
    const latencies = []; const sentAt = []; const database = []; let errors = 0; let open = 0;
    const timer = setInterval(() => {
      const started = performance.now(); open++;
      fetch(workerData.url).then((r) => r.json()).then(
        (body) => {
          latencies.push(performance.now() - started);
          sentAt.push(performance.timeOrigin + started);
          database.push(body.database.latencyMs);
        },
        () => errors++,
      ).finally(() => open--);
    }, workerData.intervalMs);
    parentPort.on("message", async () => {
      clearInterval(timer);
      while (open > 0) await new Promise((r) => setTimeout(r, 10));
      parentPort.postMessage({ latencies, sentAt, database, errors });
    });
    `,
    { eval: true, workerData: { url: `${baseUrl}/api/v1/health`, intervalMs } },
  );
  return {
    stop: () =>
      new Promise<{
        latencies: number[];
        sentAt: number[];
        database: number[];
        errors: number;
      }>((resolve) => {
        worker.once("message", async (result) => {
          await worker.terminate();
          resolve(result);
        });
        worker.postMessage("stop");
      }),
  };
}

/** p50, p99 and max of milliseconds, for printing. */
export function percentiles(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (${sorted.length} requests)`;
}
