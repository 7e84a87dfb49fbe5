/**
 * Builds the database every test database of a run is copied from: every
 * migration, applied by the real migration engine, and pg-boss's schema, so a
 * server started on a copy finds the job queue installed and current (as on
 * any database a server has already started on) instead of installing it.
 * Run by database-snapshot.ts in a child process of its own
 * (`node migrate-once.ts …`, .js in dist): the WebAssembly migration engine leaves a
 * ten-second timer behind, which would otherwise hold up vitest's exit.
 *
 *   node migrate-once.ts pglite <snapshot file>
 *     migrates an in-memory PGlite and writes its data directory (a tarball)
 *   node migrate-once.ts postgres <template name>
 *     creates that database on DATABASE_URL's server and migrates it, leaving
 *     no connection to it and closing it to new ones, ready for
 *     CREATE DATABASE … TEMPLATE
 */
import { writeFile } from "node:fs/promises";
import { applyMigrations, openDatabase } from "@geopulse/db";
import pg from "pg";
import { getConstructionPlans } from "pg-boss";

/**
 * pg-boss's install script for its default schema (`pgboss`, the one
 * jobs/job-queue.ts uses), as `boss.start()` runs it on an empty database.
 */
const jobQueueSchema = getConstructionPlans();

async function writePgliteSnapshot(path: string): Promise<void> {
  const db = await openDatabase({ dataDir: "memory://" });
  try {
    await applyMigrations(db.adapterFactory);
    if (!db.pglite) throw new Error("expected an embedded PGlite database");
    await db.pglite.exec(jobQueueSchema);
    // Uncompressed: a little cheaper to load, and the file only lives for one run.
    const tarball = await db.pglite.dumpDataDir("none");
    await writeFile(path, new Uint8Array(await tarball.arrayBuffer()));
  } finally {
    await db.close();
  }
}

async function createPostgresTemplate(baseUrl: string, template: string): Promise<void> {
  if (!/^geo_template_[a-z0-9_]+$/.test(template)) throw new Error(`bad template name ${template}`);
  await withAdmin(baseUrl, (admin) => admin.query(`CREATE DATABASE ${template}`));
  const url = new URL(baseUrl);
  url.pathname = `/${template}`;
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  try {
    // applyMigrations ends the engine's own connections, so none stays on the template.
    await applyMigrations(db.adapterFactory);
  } finally {
    await db.close();
  }
  await withAdmin(url.toString(), (client) => client.query(jobQueueSchema));
  await withAdmin(baseUrl, async (admin) => {
    // CREATE DATABASE … TEMPLATE fails while anyone is connected to the
    // template: check that nobody is, and keep everyone (autovacuum included)
    // from connecting for the rest of the run.
    await admin.query(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`);
    const { rows } = await admin.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
      [template],
    );
    const open = rows[0]?.n ?? 0;
    if (open > 0) throw new Error(`${open} connection(s) to ${template} still open`);
  });
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

async function main(args: string[]): Promise<void> {
  const [kind, target] = args;
  if (kind === "pglite" && target) return writePgliteSnapshot(target);
  const baseUrl = process.env.DATABASE_URL;
  if (kind === "postgres" && target && baseUrl) return createPostgresTemplate(baseUrl, target);
  throw new Error("usage: migrate-once.ts pglite <file> | postgres <template> (with DATABASE_URL)");
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
