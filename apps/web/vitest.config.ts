import { NODE_FLAGS } from "@geopulse/server/node-flags";
import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";
import { skippedDatabaseFreeTests } from "../../scripts/database-free-tests.mjs";

export default defineConfig({
  plugins: [react()],
  test: {
    // Component tests run in jsdom (test/unit); the browser tests drive the built app in
    // Chromium against the real server (test/browser).
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    // The server's migrated database snapshot, once per run; each server starts on a copy of it.
    globalSetup: ["@geopulse/server/test-support/global-setup"],
    setupFiles: ["test/unit-timeouts.ts"],
    exclude: [...configDefaults.exclude, ...skippedDatabaseFreeTests(import.meta.dirname)],
    pool: "forks",
    // Files share their worker process and its loaded modules (the server among them).
    isolate: false,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    execArgv: [...NODE_FLAGS],
    reporters: ["default", "json", "../../scripts/file-durations-reporter.mjs"],
    outputFile: { json: "test-results/vitest.json" },
  },
});
