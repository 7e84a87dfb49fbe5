import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The server's migrated database snapshot, once per run; each server starts on a copy of it.
    globalSetup: ["@geopulse/server/test-support/global-setup"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    execArgv: ["--disable-warning=ExperimentalWarning"],
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
  },
});
