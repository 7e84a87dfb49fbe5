// Test files that never open a database: neither they nor anything they import
// (through relative imports) loads a database client or starts a server. They
// test the same code on either database, so the PostgreSQL pass of the suite
// skips them (scripts/run-tests.mjs sets GEO_TEST_SKIP_DATABASE_FREE).
import { readdirSync } from "node:fs";
import path from "node:path";
import { importClosure } from "./import-graph.mjs";

// Importing any of these packages is how a test reaches a database: the server
// (its harness and every client's real-server harness), the Prisma layer, or a driver.
const databasePackages = ["@geopulse/server", "@geopulse/db", "pg", "@electric-sql/pglite"];

/** Test files (relative to packageDir, e.g. "test/metrics/calibration.test.ts") that open no database. */
export function databaseFreeTestFiles(packageDir) {
  const testDir = path.join(packageDir, "test");
  return readdirSync(testDir, { recursive: true })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => {
      const { packages } = importClosure(path.join(testDir, file));
      // A subpath (e.g. @geopulse/server/test-support) is the package too.
      return ![...packages].some((spec) =>
        databasePackages.some((name) => spec === name || spec.startsWith(`${name}/`)),
      );
    })
    .map((file) => path.join("test", file))
    .sort();
}

/** The vitest `exclude` entries for a package: its database-free files when the run skips them. */
export function skippedDatabaseFreeTests(packageDir) {
  return process.env.GEO_TEST_SKIP_DATABASE_FREE === "1" ? databaseFreeTestFiles(packageDir) : [];
}
