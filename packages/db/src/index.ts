export { resolveDataDir } from "./data-dir.js";
export { type EmbeddedDatabase, openPgliteThread } from "./embedded/pglite-thread.js";
export {
  isBackgroundWork,
  withBackgroundPriority,
  withRequestPriority,
} from "./embedded/statement-priority.js";
export * from "./generated/prisma/client.js";
export { applyMigrations, diffMigrationsToSchema, isEmptyMigration } from "./migrations.js";
export type { Database, DatabaseKind, OpenDatabaseOptions } from "./open-database.js";
export { openDatabase } from "./open-database.js";
