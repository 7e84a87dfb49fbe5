// The contract fuzz (apps/server/test/http/fuzz-contract.test.ts) run long: requests
// generated from every operation's schemas, made hostile (NUL, lone surrogates,
// infinities, huge and 10,000-level bodies, wrong content types, malformed JSON,
// 27 KB headers, cookie and key together, bad keys), sent over HTTP to the real server
// on a fresh database. Prints the answers per status and per hostile class, and every
// violation (a 500, a status the operation does not declare, an error without the
// envelope or with a request id other than X-Request-Id).
//
// It runs the suite's own test through vitest with a larger count, so the generators
// are the suite's. Usage:
//   node bench/fuzz-contract.mjs [--runs 20000] [--seed 1]
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
    env: { ...process.env, FUZZ_RUNS: args.runs, FUZZ_SEED: args.seed, FUZZ_REPORT: reportFile },
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
  `\ncontract fuzz: ${report.runs} requests, seed ${report.seed}, ${database}, ${report.operationsCovered} operations, ${seconds.toFixed(0)} s`,
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
console.log(`\nviolations: ${report.violations.length}`);
for (const violation of report.violations.slice(0, 50)) console.log(`  ${violation}`);
if (report.violations.length > 50) console.log(`  … and ${report.violations.length - 50} more`);
process.exit(report.violations.length === 0 ? 0 : 1);
