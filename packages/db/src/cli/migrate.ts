// `pnpm db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database.
import { resolveDataDir } from "../data-dir.js";
import { applyMigrations } from "../migrations.js";
import { openDatabase } from "../open-database.js";

const databaseUrl = process.env.DATABASE_URL || undefined;
const db = await openDatabase({ databaseUrl, dataDir: databaseUrl ? undefined : resolveDataDir() });
try {
  const applied = await applyMigrations(db.adapterFactory);
  const target = databaseUrl ? "PostgreSQL" : `embedded database at ${resolveDataDir()}`;
  console.error(
    applied.length === 0
      ? `${target} is up to date.`
      : `Applied ${applied.length} migration(s) to ${target}:\n  ${applied.join("\n  ")}`,
  );
} finally {
  await db.close();
}
// The WebAssembly migration engine leaves a 10-second timer of its own behind
// (not ours to clear); exit explicitly rather than wait it out.
process.exit(0);
