import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    execArgv: ["--disable-warning=ExperimentalWarning"],
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
  },
});
