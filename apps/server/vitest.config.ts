import { configDefaults, defineConfig } from "vitest/config";
import { skippedDatabaseFreeTests } from "../../scripts/database-free-tests.mjs";
import { NODE_FLAGS } from "./src/node-flags.js";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...skippedDatabaseFreeTests(import.meta.dirname)],
    // Migrates once per run; each test file then copies the migrated database.
    globalSetup: ["./test/harness/global-setup.ts"],
    setupFiles: ["./test/harness/clear-provider-env.ts"],
    pool: "forks",
    // Test files share their worker's process (and its loaded modules): importing the
    // server once per worker instead of once per file. Files restore what they change.
    isolate: false,
    // Two cores: each test file starts a real server on its own database.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    execArgv: [...NODE_FLAGS],
    reporters: ["default", "json", "../../scripts/file-durations-reporter.mjs"],
    outputFile: { json: "test-results/vitest.json" },
  },
});
