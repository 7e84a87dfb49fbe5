// Runs every package's tests through turbo, then prints one closing line,
// "N passed, N failed", summed from the vitest JSON reports.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const reportDirs = ["apps", "packages"].flatMap((group) =>
  existsSync(join(root, group))
    ? readdirSync(join(root, group)).map((name) => join(root, group, name, "test-results"))
    : [],
);
for (const dir of reportDirs) rmSync(dir, { recursive: true, force: true });

const run = spawnSync("pnpm", ["exec", "turbo", "run", "test", "--concurrency=1"], {
  cwd: root,
  stdio: "inherit",
});

let passed = 0;
let failed = 0;
let skipped = 0;
for (const dir of reportDirs) {
  const file = join(dir, "vitest.json");
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
const database = process.env.DATABASE_URL ? "postgres" : "embedded";
console.log(`\n${database}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
