import { randomBytes } from "node:crypto";
import { applyMigrations, type Database, openDatabase } from "@geopulse/db";
import pg from "pg";
import type { DatabaseSnapshot } from "./database-snapshot.js";

export interface TestDatabase {
  db: Database;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by
 * default, or a new PostgreSQL database when DATABASE_URL is set (dropped at
 * the end), so the same tests run on both.
 *
 * With the run's snapshot (`inject("databaseSnapshot")`, from
 * databaseSnapshotSetup) it is a copy of that migrated, empty database, job
 * queue schema included: a PGlite loaded from the snapshot, or a PostgreSQL
 * database created from the template. Without it (another vitest config) the
 * database is migrated from scratch and the server installs pg-boss at start.
 */
export async function openTestDatabase(
  snapshot: DatabaseSnapshot | undefined,
): Promise<TestDatabase> {
  if (snapshot?.kind === "pglite") {
    // An in-memory database of its own, loaded from the migrated snapshot.
    const db = await openDatabase({
      loadDataDirFrom: snapshot.path,
      // As the server reads it: GEO_EMBEDDED_THREAD=false runs the suite on the main thread.
      thread: process.env.GEO_EMBEDDED_THREAD !== "false",
    });
    return { db, close: () => db.close() };
  }
  const baseUrl = snapshot?.kind === "postgres" ? snapshot.baseUrl : process.env.DATABASE_URL;
  if (!baseUrl) {
    const db = await openDatabase({ dataDir: "memory://" });
    await applyMigrations(db.adapterFactory);
    return { db, close: () => db.close() };
  }
  const template = snapshot?.kind === "postgres" ? snapshot.template : undefined;
  const name = `geo_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(baseUrl, (admin) =>
    template ? createFromTemplate(admin, name, template) : admin.query(`CREATE DATABASE ${name}`),
  );
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  if (!template) await applyMigrations(db.adapterFactory);
  return {
    db,
    close: async () => {
      await db.close();
      await withAdmin(baseUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/**
 * Another connection pool to a PostgreSQL test database, as a second server
 * process would open (closing it leaves the database to its creator). The
 * embedded database belongs to one process, so it has no second connection.
 */
export async function connectToTestDatabase(db: Database): Promise<TestDatabase> {
  if (!db.url) throw new Error("only a PostgreSQL test database is shared by two servers");
  const second = await openDatabase({ databaseUrl: db.url, poolSize: 5 });
  return { db: second, close: () => second.close() };
}

/** Copies the template; retried briefly in case something still holds the template. */
async function createFromTemplate(admin: pg.Client, name: string, template: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } catch (error) {
      // 55006: source database "…" is being accessed by other users.
      if ((error as { code?: string }).code !== "55006" || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

async function withAdmin<T>(baseUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}
