// A vitest globalSetup entry (`@geopulse/server/test-support/global-setup`) for the web, CLI and SDK tests.
export { databaseSnapshotSetup as default } from "./database-snapshot.js";
