import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Data directory (tarball) of a PGlite migrated once for this run; PGlite runs only. */
    pgliteSnapshotPath: string | undefined;
    /** PostgreSQL database migrated once for this run, copied per test file; DATABASE_URL runs only. */
    postgresTemplate: string | undefined;
  }
}

const migrateOnce = fileURLToPath(new URL("./migrate-once.ts", import.meta.url));

/**
 * Applies every migration once per test run, with the real migration engine
 * (migrate-once.ts), and hands the result to the test files: a PGlite
 * data-directory snapshot, or a PostgreSQL template database. Each test file
 * still gets a database of its own (test-database.ts); it starts from a copy
 * of this one instead of migrating an empty one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const dir = await mkdtemp(join(tmpdir(), "geo-pglite-snapshot-"));
    const removeDir = () => rm(dir, { recursive: true, force: true });
    const snapshot = join(dir, "migrated.tar");
    try {
      await runMigrateOnce(["pglite", snapshot]);
    } catch (error) {
      await removeDir();
      throw error;
    }
    project.provide("pgliteSnapshotPath", snapshot);
    project.provide("postgresTemplate", undefined);
    return removeDir;
  }

  const template = `geo_template_${randomBytes(6).toString("hex")}`;
  const dropTemplate = () => dropDatabase(baseUrl, template);
  try {
    await runMigrateOnce(["postgres", template]);
  } catch (error) {
    await dropTemplate();
    throw error;
  }
  project.provide("pgliteSnapshotPath", undefined);
  project.provide("postgresTemplate", template);
  return dropTemplate;
}

async function runMigrateOnce(args: string[]): Promise<void> {
  try {
    await promisify(execFile)(
      process.execPath,
      ["--disable-warning=ExperimentalWarning", migrateOnce, ...args],
      { env: process.env },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? "";
    throw new Error(`migrate-once.ts ${args.join(" ")} failed\n${stderr}`, { cause: error });
  }
}

async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
