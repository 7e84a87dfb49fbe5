// Runs every package's tests through turbo, then prints one closing line,
// "N passed, N failed", summed from the vitest JSON reports, and the slowest
// test files of the run. On the PostgreSQL pass (DATABASE_URL set) the test
// files that open no database are skipped: the embedded pass already ran them.
// A test worker that dies (V8 aborts seen on CI's PKU machines, nodejs/node#64500)
// loses the files it had not finished: they are named and rerun once. The run
// then passes only if turbo's failure is wholly explained by dead workers whose
// files passed when rerun: a failed test or suite (an import or a beforeAll that
// threw), another unhandled error or a missing report still fails it.
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
for (const dir of packageDirs.map((dir) => join(dir, "test-results")))
  rmSync(dir, { recursive: true, force: true });

const database = process.env.DATABASE_URL ? "postgres" : "embedded";
const skipDatabaseFree = database === "postgres";
let skippedFiles = 0;
if (skipDatabaseFree) {
  skippedFiles = packageDirs
    .filter((dir) => existsSync(join(dir, "test")))
    .reduce((sum, dir) => sum + databaseFreeTestFiles(dir).length, 0);
  console.log(`postgres: skipping ${skippedFiles} test files that open no database`);
}

const testEnv = skipDatabaseFree
  ? { ...process.env, GEO_TEST_SKIP_DATABASE_FREE: "1" }
  : process.env;
// --continue: a failing package does not keep the others' tests from running.
const run = spawnSync("pnpm", ["exec", "turbo", "run", "test", "--concurrency=1", "--continue"], {
  cwd: root,
  stdio: "inherit",
  env: testEnv,
});

let passed = 0;
let failed = 0;
let skipped = 0;
const fileTimes = [];
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);
const addCounts = (report) => {
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
};
const isWorkerExit = (error) =>
  /Worker exited unexpectedly/.test(`${error.message} ${error.cause ?? ""}`);
// Dead workers whose files passed when rerun, and anything else that went wrong.
let rerunsPassed = 0;
let otherProblem = false;
const testedDirs = packageDirs.filter((dir) => readJson(join(dir, "package.json"))?.scripts?.test);
for (const packageDir of testedDirs) {
  const dir = join(packageDir, "test-results");
  const report = readJson(join(dir, "vitest.json"));
  if (!report) {
    otherProblem = true;
    continue;
  }
  addCounts(report);
  if ((report.numFailedTestSuites ?? 0) > 0) otherProblem = true;
  // Each file's time on a worker: its imports, hooks and tests (file-durations-reporter.mjs).
  for (const entry of readJson(join(dir, "file-durations.json")) ?? []) {
    fileTimes.push({ ...entry, path: relative(root, join(packageDir, entry.path)) });
  }
  const problems = readJson(join(dir, "run-problems.json"));
  if (!problems || (problems.unfinished.length === 0 && problems.unhandledErrors.length === 0)) {
    continue;
  }
  const deadWorkers =
    problems.unfinished.length > 0 &&
    problems.unhandledErrors.length > 0 &&
    problems.unhandledErrors.every(isWorkerExit);
  if (!deadWorkers) {
    otherProblem = true;
    continue;
  }
  console.log(
    `\n!! a test worker died while running ${problems.unfinished.join(", ")} (${relative(root, packageDir)}); rerunning it once`,
  );
  const rerun = spawnSync("pnpm", ["exec", "vitest", "run", ...problems.unfinished], {
    cwd: packageDir,
    stdio: "inherit",
    env: testEnv,
  });
  const rerunReport = readJson(join(dir, "vitest.json"));
  if (rerun.status === 0 && rerunReport) rerunsPassed++;
  else otherProblem = true;
  if (rerunReport) addCounts(rerunReport);
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
// A missing report or a problem only matters when turbo failed (a pass with every file of a
// package skipped may write none); then the failure must be explained by reruns alone.
const turboPassed = run.status === 0 || (rerunsPassed > 0 && !otherProblem);
process.exit(turboPassed && failed === 0 && passed > 0 ? 0 : 1);
