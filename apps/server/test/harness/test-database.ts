import { randomBytes } from "node:crypto";
import { applyMigrations, type Database, openDatabase } from "@geopulse/db";
import pg from "pg";

export interface TestDatabase {
  db: Database;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by
 * default, or a new PostgreSQL database when DATABASE_URL is set (dropped at
 * the end), so the same tests run on both.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const db = await openDatabase({ dataDir: "memory://" });
    await applyMigrations(db.adapterFactory);
    return { db, close: () => db.close() };
  }
  const name = `geo_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await applyMigrations(db.adapterFactory);
  return {
    db,
    close: async () => {
      await db.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
