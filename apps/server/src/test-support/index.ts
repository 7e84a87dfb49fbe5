/**
 * For tests only (`@geopulse/server/test-support`): the migrated database
 * snapshot of a test run and the per-file copies of it, shared by the tests of
 * the server, the web app, the CLI and the SDK. Not used by the server itself.
 */
export { type DatabaseSnapshot, databaseSnapshotSetup } from "./database-snapshot.js";
export { sharedContractValidator } from "./shared-contract-validator.js";
export { startServerOnCopy } from "./start-server-on-copy.js";
export { connectToTestDatabase, openTestDatabase, type TestDatabase } from "./test-database.js";
