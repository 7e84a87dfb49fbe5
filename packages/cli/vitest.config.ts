import { configDefaults, defineConfig } from "vitest/config";
import { skippedDatabaseFreeTests } from "../../scripts/database-free-tests.mjs";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...skippedDatabaseFreeTests(import.meta.dirname)],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    execArgv: ["--disable-warning=ExperimentalWarning"],
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
  },
});
