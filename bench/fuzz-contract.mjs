// The contract fuzz (apps/server/test/http/fuzz-contract.test.ts) run long: requests
// generated from every operation's schemas, made hostile (NUL, lone surrogates,
// infinities, huge and 10,000-level bodies, wrong content types, malformed JSON,
// 27 KB headers, cookie and key together, bad keys), sent over HTTP to the real server
// on a fresh database. Prints the answers per status and per hostile class, and every
// violation (a 500, a status the operation does not declare, an error without the
// envelope or with a request id other than X-Request-Id).
//
// It runs the suite's own test through vitest with a larger count, so the generators
// are the suite's, `--concurrency` requests at once (default 8), with a lane of valid
// work beside them (prompts added and edited, smoke runs answered by the workers, a
// competitor's aliases edited so stored answers are re-analysed, metric reads; off with
// `--no-workload`), and prints the process's heap after a collection every 1,000
// answers (and the memory outside it: Buffers, PGlite's WebAssembly memory), so a leak or an
// unbounded allocation shows. Usage:
//   node bench/fuzz-contract.mjs [--runs 20000] [--seed 1] [--concurrency 8] [--no-workload]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/fuzz-contract.mjs --runs 20000
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "20000" },
    seed: { type: "string", default: String(Date.now() % 1_000_000) },
    concurrency: { type: "string", default: "8" },
    "no-workload": { type: "boolean", default: false },
  },
});
const server = join(dirname(fileURLToPath(import.meta.url)), "..", "apps", "server");
const scratch = mkdtempSync(join(tmpdir(), "fuzz-contract-"));
const reportFile = join(scratch, "report.json");
const started = performance.now();
const child = spawnSync(
  "pnpm",
  [
    "exec",
    "vitest",
    "run",
    "test/http/fuzz-contract.test.ts",
    "--reporter=dot",
    "--outputFile.json=/dev/null",
  ],
  {
    cwd: server,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      FUZZ_RUNS: args.runs,
      FUZZ_SEED: args.seed,
      FUZZ_CONCURRENCY: args.concurrency,
      FUZZ_WORKLOAD: args["no-workload"] ? "0" : "1",
      FUZZ_REPORT: reportFile,
    },
  },
);
const seconds = (performance.now() - started) / 1000;
let report;
try {
  report = JSON.parse(readFileSync(reportFile, "utf8"));
} catch {
  console.error(`no report: the test did not get as far as writing one (exit ${child.status})`);
  process.exit(1);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const database = process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite";
console.log(
  `\ncontract fuzz: ${report.runs} generated requests + ${report.workloadRequests} valid workload requests, concurrency ${report.concurrency}, seed ${report.seed}, ${database}, ${report.operationsCovered} operations, ${seconds.toFixed(0)} s`,
);
console.log("\nanswers by status:");
for (const [status, count] of Object.entries(report.byStatus)) {
  console.log(
    `  ${status}  ${String(count).padStart(7)}  ${((100 * count) / report.runs).toFixed(1)}%`,
  );
}
console.log("\nanswers by hostile class:");
for (const [hostile, counts] of Object.entries(report.byHostileClass).sort()) {
  const parts = Object.entries(counts).map(([status, count]) => `${status}:${count}`);
  console.log(`  ${hostile.padEnd(20)} ${parts.join(" ")}`);
}
const memory = report.memory ?? [];
if (memory.length > 1) {
  // The first sample after warm-up (a tenth of the run) against the last.
  const warm = memory[Math.min(memory.length - 1, Math.ceil(memory.length / 10))];
  const last = memory.at(-1);
  const peak = Math.max(...memory.map((sample) => sample.heapUsedMb));
  console.log(
    `\nheap after collection (MB): start ${memory[0].heapUsedMb}, after warm-up ${warm.heapUsedMb} (at ${warm.sent}), peak ${peak}, end ${last.heapUsedMb}; ratio end / after warm-up ${(last.heapUsedMb / warm.heapUsedMb).toFixed(2)}; rss end ${last.rssMb} MB`,
  );
  console.log(
    `  every sample (answers:heapUsed/external MB): ${memory.map((sample) => `${sample.sent}:${sample.heapUsedMb}/${sample.externalMb}`).join(" ")}`,
  );
}
console.log(`\nviolations: ${report.violations.length}`);
for (const violation of report.violations.slice(0, 50)) console.log(`  ${violation}`);
if (report.violations.length > 50) console.log(`  … and ${report.violations.length - 50} more`);
process.exit(report.violations.length === 0 ? 0 : 1);
