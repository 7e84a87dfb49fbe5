/**
 * How responsive the API stays while a run works: a `standard` run of `--prompts` prompts
 * (default 60: 600 answers from the five provider fakes, answering after `--latency` ms with
 * `--concurrency` in flight each) while `GET /api/v1/health` is sent every `--interval` ms
 * (default 20) from a worker thread, and the server thread's event-loop lag is sampled
 * (`monitorEventLoopDelay` every 10 ms, less those 10 ms). The queue polls at the server's
 * default interval, as in the default setup. Prints /health p50/p99/max idle (3 s before the
 * run) and during the run, and the event-loop delay p50/p99/max during it (aims: /health p99
 * <= 50 ms and max <= 200 ms, event loop p99 <= 20 ms). Embedded PGlite by default (on its own
 * thread, as the default setup runs it; `--main-thread` on the server's); DATABASE_URL for
 * PostgreSQL. `--profile DIR` leaves a CPU profile of the run there. `--statements` prints the
 * embedded database's holds and, for each /health over 40 ms, the hold it overlapped most.
 *
 * `--reanalysis-days 90` fills 90 days of stored answers first (`--reanalysis-prompts`, 300 by
 * default: 1,500 answers a day) and re-analyses them all beside the run: the measured span
 * ends when both have finished.
 *
 *   pnpm --filter @geopulse/bench exec tsx run-latency.ts [--prompts 60 --latency 1000 --interval 20]
 *   pnpm --filter @geopulse/bench exec tsx run-latency.ts --reanalysis-days 90
 */
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { saveProfile, startProfile } from "./cpu-profile.js";
import { percentiles, startHealthPinger } from "./health-pinger.js";
import { fillStoredDays, startReanalysis } from "./reanalysis-load.js";
import { startRunBench } from "./run-setup.js";

const { values } = parseArgs({
  options: {
    prompts: { type: "string", default: "60" },
    latency: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "10" },
    interval: { type: "string", default: "20" },
    profile: { type: "string" },
    "data-dir": { type: "string" },
    "main-thread": { type: "boolean", default: false },
    statements: { type: "boolean", default: false },
    "reanalysis-days": { type: "string", default: "0" },
    "reanalysis-prompts": { type: "string", default: "300" },
  },
});
const interval = Number(values.interval);
const bench = await startRunBench({
  prompts: Number(values.prompts),
  latencyMs: Number(values.latency),
  concurrency: Number(values.concurrency),
  statements: values.statements,
  dataDir: values["data-dir"],
  mainThread: values["main-thread"],
});

const reanalysisDays = Number(values["reanalysis-days"]);
if (reanalysisDays > 0) {
  const filledAt = performance.now();
  const answers = await fillStoredDays(bench, {
    days: reanalysisDays,
    prompts: Number(values["reanalysis-prompts"]),
  });
  console.log(
    `stored days         ${reanalysisDays} days, ${answers.toLocaleString("en")} answers (filled in ${((performance.now() - filledAt) / 1000).toFixed(0)} s)`,
  );
}

const idle = startHealthPinger(bench.server.url, interval);
await new Promise((resolve) => setTimeout(resolve, 3000));
const idleResult = await idle.stop();

bench.statements?.reset();
const profiler = values.profile ? await startProfile() : undefined;
const loop = monitorEventLoopDelay({ resolution: 10 });
// The server thread's garbage-collection pauses in the span, by kind (a stop of the event loop).
const gcKinds: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak callbacks",
};
const gcPauses = new Map<string, { count: number; totalMs: number; maxMs: number }>();
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = gcKinds[(entry.detail as { kind: number }).kind] ?? "other";
    const seen = gcPauses.get(kind) ?? { count: 0, totalMs: 0, maxMs: 0 };
    seen.count++;
    seen.totalMs += entry.duration;
    seen.maxMs = Math.max(seen.maxMs, entry.duration);
    gcPauses.set(kind, seen);
  }
});
gcObserver.observe({ entryTypes: ["gc"] });
const pinger = startHealthPinger(bench.server.url, interval);
loop.enable();
const startedAt = performance.now();
const reanalysis = reanalysisDays > 0 ? await startReanalysis(bench) : undefined;
const run = await bench.runToEnd("standard");
const runS = (performance.now() - startedAt) / 1000;
// The measured span lasts until the re-analysis has finished too.
const reanalysisS = await reanalysis?.done;
loop.disable();
gcObserver.disconnect();
const during = await pinger.stop();

// The histogram records each interval between the timer's turns: the lag is what exceeds 10 ms.
const ms = (ns: number) => `${Math.max(0, ns / 1e6 - 10).toFixed(1)} ms`;
console.log(`database            ${bench.db.kind}`);
console.log(
  `run                 ${run.status}, ${run.progress.completed} answered, ${run.progress.failed} failed, ${runS.toFixed(2)} s`,
);
console.log(
  `/health idle        ${percentiles(idleResult.latencies)}, ${idleResult.errors} errors`,
);
if (reanalysisS !== undefined)
  console.log(
    `re-analysis         ${reanalysisDays} days in ${reanalysisS.toFixed(1)} s (beside the run)`,
  );
console.log(`/health during run  ${percentiles(during.latencies)}, ${during.errors} errors`);
console.log(`  its SELECT 1      ${percentiles(during.database)}`);
console.log(
  `event-loop lag      p50 ${ms(loop.percentile(50))}, p99 ${ms(loop.percentile(99))}, max ${ms(loop.max)}  (aims: /health p99 <= 50 ms, max <= 200 ms; loop p99 <= 20 ms)`,
);
console.log(
  `gc pauses           ${[...gcPauses]
    .map(
      ([kind, p]) =>
        `${kind} ${p.count}x, max ${p.maxMs.toFixed(1)} ms, ${p.totalMs.toFixed(0)} ms in all`,
    )
    .join("; ")}; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB after`,
);
if (bench.statements) {
  console.log(bench.statements.report(run.progress.total, 45));
  console.log(bench.statements.blameSlowRequests(during, 40));
}
if (profiler && values.profile)
  console.log(`profile             ${saveProfile(await profiler.stop(), values.profile)}`);
console.log(`provider requests   ${JSON.stringify((await bench.close()).counts)}`);
