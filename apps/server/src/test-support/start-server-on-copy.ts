import { loadConfig } from "../config.js";
import { providerEnv } from "../engines/connectors/provider-settings.js";
import { type RunningServer, type StartServerOptions, startServer } from "../server.js";
import type { DatabaseSnapshot } from "./database-snapshot.js";
import { sharedContractValidator } from "./shared-contract-validator.js";
import { openTestDatabase } from "./test-database.js";

/**
 * What every test server runs with: any port, nothing on disk, quiet, and pg-boss's shortest
 * poll (retries and deferred jobs are picked up soon; new jobs wake workers at once).
 */
export const testServerEnv = {
  PORT: "0",
  GEO_DATA_DIR: "memory://",
  GEO_LOG_LEVEL: "silent",
  GEO_QUEUE_POLL_SECONDS: "0.5",
  // Tests that mean it check providers themselves (test/models/check-provider-defaults.test.ts).
  GEO_PROVIDER_CHECK_HOURS: "0",
};

/**
 * The real server on a database of its own, copied from the run's snapshot
 * (`inject("databaseSnapshot")`), configured by `env` over the test defaults;
 * closing the server also drops the copy.
 */
export async function startServerOnCopy(
  snapshot: DatabaseSnapshot | undefined,
  {
    env,
    ...options
  }: Omit<StartServerOptions, "db" | "migrate" | "config"> & {
    env?: Record<string, string>;
  } = {},
): Promise<RunningServer> {
  const config = loadConfig({ ...providerEnv(process.env), ...testServerEnv, ...env });
  const database = await openTestDatabase(snapshot);
  const server = await startServer({
    contractValidator: sharedContractValidator(config.validateResponses),
    ...options,
    config,
    db: database.db,
  }).catch(async (error) => {
    await database.close();
    throw error;
  });
  return {
    ...server,
    close: async () => {
      await server.close();
      await database.close();
    },
  };
}
