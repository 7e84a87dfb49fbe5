// The run's migrated database snapshot (pg-boss's schema included), shared with the web, CLI and SDK tests.
export { databaseSnapshotSetup as default } from "../../src/test-support/index.js";
