import { type RunningServer, type StartServerOptions, startServer } from "../server.js";
import type { DatabaseSnapshot } from "./database-snapshot.js";
import { openTestDatabase } from "./test-database.js";

/**
 * The real server on a database of its own, copied from the run's snapshot
 * (`inject("databaseSnapshot")`); closing the server also drops the copy.
 */
export async function startServerOnCopy(
  snapshot: DatabaseSnapshot | undefined,
  options: Omit<StartServerOptions, "db" | "migrate">,
): Promise<RunningServer> {
  const database = await openTestDatabase(snapshot);
  const server = await startServer({ ...options, db: database.db }).catch(async (error) => {
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
