import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { migrationsDir, schemaPath } from "./paths.js";

const noFilters = { externalTables: [], externalEnums: [] };

/** Reads migrations/<timestamp>_<name>/migration.sql and migration_lock.toml as Prisma Migrate does. */
export async function loadMigrationsList(dir: string = migrationsDir): Promise<MigrationList> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: {
          tag: "ok" as const,
          value: await readFile(join(dir, name, "migration.sql"), "utf8"),
        },
      },
    })),
  );
  const lockContent = await readFile(join(dir, "migration_lock.toml"), "utf8").catch(() => null);
  return {
    baseDir: dir,
    lockfile: { path: "migration_lock.toml", content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

/**
 * The schema engine over the factory, and a `close` that frees it and ends the
 * connections it opened: the engine never disposes them, and the PostgreSQL
 * adapter's own pool kept a process alive for its 10-second idle timeout.
 */
async function startEngine(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
): Promise<{ engine: SchemaEngine; close(): Promise<void> }> {
  // Imported lazily: the WebAssembly module is large and only needed here.
  const { SchemaEngine } = await import("@prisma/schema-engine-wasm");
  const schemaText = await readFile(schemaPath, "utf8");
  const opened: SqlDriverAdapter[] = [];
  const remember = async (pending: Promise<SqlDriverAdapter>) => {
    const adapter = await pending;
    opened.push(adapter);
    return adapter;
  };
  const tracked: SqlMigrationAwareDriverAdapterFactory = {
    provider: adapterFactory.provider,
    adapterName: adapterFactory.adapterName,
    connect: () => remember(adapterFactory.connect()),
    connectToShadowDb: () => remember(adapterFactory.connectToShadowDb()),
  };
  const engine = await SchemaEngine.new(
    { datamodels: [[schemaPath, schemaText]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(tracked),
  );
  return {
    engine,
    close: async () => {
      engine.free();
      await Promise.all(opened.map((adapter) => adapter.dispose()));
    },
  };
}

/** Applies pending migrations, recording them in `_prisma_migrations`; returns the names applied. */
export async function applyMigrations(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
): Promise<string[]> {
  const { engine, close } = await startEngine(adapterFactory);
  try {
    const migrationsList = await loadMigrationsList();
    const result = await engine.applyMigrations({ migrationsList, filters: noFilters });
    return result.appliedMigrationNames;
  } finally {
    await close();
  }
}

/**
 * SQL that takes a database built from the migration history to the current
 * schema. Empty when schema and migrations agree. The history is replayed in a
 * fresh in-memory PGlite, which serves as the shadow database.
 */
export async function diffMigrationsToSchema(): Promise<string> {
  const shadow = new PGlite();
  await shadow.waitReady;
  const { engine, close } = await startEngine(new PrismaPGlite(shadow));
  try {
    const migrationsList = await loadMigrationsList();
    const schemaText = await readFile(schemaPath, "utf8");
    const result = await engine.diff({
      from:
        migrationsList.migrationDirectories.length === 0
          ? { tag: "empty" }
          : { tag: "migrations", ...migrationsList },
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schemaText }] },
      script: true,
      exitCode: false,
      filters: noFilters,
    });
    return (result.stdout ?? "").trim();
  } finally {
    await close();
    await shadow.close();
  }
}

/** True when the diff script has no statements (the engine emits a comment only). */
export function isEmptyMigration(sql: string): boolean {
  return sql
    .split("\n")
    .map((line) => line.trim())
    .every((line) => line === "" || line.startsWith("--"));
}
