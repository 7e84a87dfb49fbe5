import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
// Brings in vitest's ProvidedContext, which the declaration below adds to.
import type {} from "vitest";
import type { TestProject } from "vitest/node";
import { NODE_FLAGS } from "../node-flags.js";

/**
 * The migrated database every test database of a run is copied from: a PGlite
 * data directory (a tarball) or a PostgreSQL template database.
 */
export type DatabaseSnapshot =
  | { kind: "pglite"; path: string }
  | { kind: "postgres"; baseUrl: string; template: string };

declare module "vitest" {
  export interface ProvidedContext {
    /** Set by the global setup (databaseSnapshotSetup); absent under another config. */
    databaseSnapshot: DatabaseSnapshot | undefined;
  }
}

// migrate-once.ts from the sources (the server's own tests), migrate-once.js from dist (other packages).
const migrateOnce = fileURLToPath(
  new URL(`./migrate-once${extname(fileURLToPath(import.meta.url))}`, import.meta.url),
);

/**
 * A vitest global setup: builds the database snapshot once per test run, with
 * the real migration engine and pg-boss's schema (migrate-once.ts), and
 * provides it as `databaseSnapshot`. Each test file still gets a database of
 * its own (openTestDatabase), copied from this one instead of migrated. A
 * PostgreSQL template when DATABASE_URL is set, a PGlite snapshot otherwise.
 */
export async function databaseSnapshotSetup(project: TestProject): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const dir = await mkdtemp(join(tmpdir(), "geo-pglite-snapshot-"));
    const removeDir = () => rm(dir, { recursive: true, force: true });
    const path = join(dir, "migrated.tar");
    try {
      await runMigrateOnce(["pglite", path]);
    } catch (error) {
      await removeDir();
      throw error;
    }
    project.provide("databaseSnapshot", { kind: "pglite", path });
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
  project.provide("databaseSnapshot", { kind: "postgres", baseUrl, template });
  return dropTemplate;
}

async function runMigrateOnce(args: string[]): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [...NODE_FLAGS, migrateOnce, ...args], {
      env: process.env,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? "";
    throw new Error(`migrate-once ${args.join(" ")} failed\n${stderr}`, { cause: error });
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
