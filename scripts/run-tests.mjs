// Runs every package's tests through turbo, then prints one closing line,
// "N passed, N failed", summed from the vitest JSON reports, and the slowest
// test files of the run. On the PostgreSQL pass (DATABASE_URL set) the test
// files that open no database are skipped: the embedded pass already ran them.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { databaseFreeTestFiles } from "./database-free-tests.mjs";

const slowestShown = 20;
const root = new URL("..", import.meta.url).pathname;
const packageDirs = ["apps", "packages"].flatMap((group) =>
  existsSync(join(root, group))
    ? readdirSync(join(root, group)).map((name) => join(root, group, name))
    : [],
);
const reportDirs = packageDirs.map((dir) => join(dir, "test-results"));
for (const dir of reportDirs) rmSync(dir, { recursive: true, force: true });

const database = process.env.DATABASE_URL ? "postgres" : "embedded";
const skipDatabaseFree = database === "postgres";
let skippedFiles = 0;
if (skipDatabaseFree) {
  skippedFiles = packageDirs
    .filter((dir) => existsSync(join(dir, "test")))
    .reduce((sum, dir) => sum + databaseFreeTestFiles(dir).length, 0);
  console.log(`postgres: skipping ${skippedFiles} test files that open no database`);
}

const run = spawnSync("pnpm", ["exec", "turbo", "run", "test", "--concurrency=1"], {
  cwd: root,
  stdio: "inherit",
  env: skipDatabaseFree ? { ...process.env, GEO_TEST_SKIP_DATABASE_FREE: "1" } : process.env,
});

let passed = 0;
let failed = 0;
let skipped = 0;
const fileTimes = [];
for (const dir of reportDirs) {
  const file = join(dir, "vitest.json");
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // Each file's time on a worker: its imports, hooks and tests (file-durations-reporter.mjs).
  const durations = join(dir, "file-durations.json");
  if (!existsSync(durations)) continue;
  for (const entry of JSON.parse(readFileSync(durations, "utf8"))) {
    fileTimes.push({ ...entry, path: relative(root, join(dir, "..", entry.path)) });
  }
}
const skippedNote = skipDatabaseFree ? ` (${skippedFiles} database-free files not rerun)` : "";
console.log(`\n${database}: ${passed} passed, ${failed} failed, ${skipped} skipped${skippedNote}`);
console.log(
  `\nslowest ${slowestShown} test files (seconds on a worker: imports, hooks and tests):`,
);
for (const { path, seconds, tests } of fileTimes
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, slowestShown)) {
  console.log(`${seconds.toFixed(1).padStart(7)} s  ${String(tests).padStart(4)} tests  ${path}`);
}
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
