/**
 * How close a standard run gets to the bound its provider limits set.
 *
 * 300 active prompts x 5 engines x 2 repetitions (a `standard` run, 3,000
 * answers) against local fakes of the five providers that each answer after a
 * fixed latency. With `c` requests in flight per provider, no schedule can
 * beat `answers per engine x latency / c`; the script prints the run's wall
 * time (POST .../runs to `succeeded`), that bound and their ratio (aim <= 1.2).
 *
 *   pnpm --filter @geopulse/bench exec tsx run-throughput.ts [--prompts 300] [--latency 100] [--concurrency 10]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm --filter @geopulse/bench exec tsx run-throughput.ts
 *
 * Embedded PGlite by default; with DATABASE_URL a scratch database is created
 * next to it and dropped afterwards.
 */
import { parseArgs } from "node:util";
import { type CpuProfile, phaseReport } from "./cpu-phases.js";
import { saveProfile, startProfile } from "./cpu-profile.js";
import { trafficReport } from "./provider-traffic.js";
import { startRunBench } from "./run-setup.js";

const { values } = parseArgs({
  allowNegative: true,
  options: {
    phases: { type: "boolean", default: true },
    prompts: { type: "string", default: "300" },
    latency: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "10" },
    statements: { type: "boolean", default: false },
    profile: { type: "string" },
    "data-dir": { type: "string" },
    "main-thread": { type: "boolean", default: false },
  },
});
const promptCount = Number(values.prompts);
const latencyMs = Number(values.latency);
const concurrency = Number(values.concurrency);
const repetitions = 2;

const bench = await startRunBench({
  prompts: promptCount,
  latencyMs,
  concurrency,
  statements: values.statements,
  dataDir: values["data-dir"],
  mainThread: values["main-thread"],
});
const { db, statements } = bench;

statements?.reset();
// Sampled every 0.5 ms for the phases (and `--profile`); the sampler costs about 0.3-0.4 ms of
// CPU per answer on this machine; `--no-phases` leaves it out (for the CPU figure).
const profiler = values.phases || values.profile ? await startProfile() : undefined;
const cpuBefore = process.cpuUsage();
const startedAt = performance.now();
const postedAt = performance.timeOrigin + startedAt;
const run = await bench.runToEnd("standard");
const wallS = (performance.now() - startedAt) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const profile = await profiler?.stop();
const cpuS = (cpu.user + cpu.system) / 1e6;
const perEngine = promptCount * repetitions;
const boundS = (perEngine * latencyMs) / concurrency / 1000;

console.log(`database            ${db.kind}`);
console.log(
  `run                 ${run.status}, ${run.progress.completed} answered, ${run.progress.failed} failed`,
);
console.log(`engines             ${run.engines.join(", ")}`);
console.log(
  `answers             ${run.progress.total} (${promptCount} prompts x ${run.engines.length} engines x ${repetitions})`,
);
console.log(`provider latency    ${latencyMs} ms, concurrency ${concurrency} per provider`);
console.log(
  `bound               ${boundS.toFixed(2)} s  (${perEngine} answers per engine x ${latencyMs} ms / ${concurrency})`,
);
console.log(`wall                ${wallS.toFixed(2)} s  (POST .../runs to ${run.status})`);
console.log(`ratio               ${(wallS / boundS).toFixed(2)}x  (aim <= 1.2)`);
console.log(`throughput          ${(run.progress.total / wallS).toFixed(0)} answers/s`);
console.log(
  `server CPU          ${cpuS.toFixed(2)} s  (${((cpuS / run.progress.total) * 1000).toFixed(2)} ms per answer, this process: API, worker${db.kind === "pglite" ? ", embedded database" : ""})`,
);

if (profile && values.phases) console.log(phaseReport(profile as CpuProfile, run.progress.total));
if (statements) console.log(statements.report(run.progress.total));
if (profile && values.profile)
  console.log(`profile             ${saveProfile(profile, values.profile)}`);

const traffic = await bench.close();
console.log(
  trafficReport({
    traffic,
    postedAt,
    postAnsweredAt: bench.postAnsweredAt(),
    finishedAt: Date.parse(run.finishedAt),
    latencyMs,
    concurrency,
  }),
);
console.log(`provider requests   ${JSON.stringify(traffic.counts)}`);
