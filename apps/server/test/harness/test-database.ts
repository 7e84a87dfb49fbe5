import { inject } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../src/test-support/index.js";

export { connectToTestDatabase, type TestDatabase } from "../../src/test-support/index.js";

/** A database of this test file's own, copied from the run's snapshot (global-setup.ts). */
export function createTestDatabase(): Promise<TestDatabase> {
  return openTestDatabase(inject("databaseSnapshot"));
}
