import type { Database } from "@geopulse/db";
import pg from "pg";
import type { Logger } from "pino";
import { type AuthChanges, authChangeChannel } from "./auth-changes.js";

const reconnectDelayMs = 1_000;

export interface ListenAuthChangesOptions {
  db: Database;
  changes: AuthChanges;
  logger: Logger;
}

/**
 * Feeds committed auth changes of every process to this process's cache:
 * LISTEN on a connection of its own on PostgreSQL, PGlite's listener on the
 * embedded database (one process). The cache serves entries only while the
 * listener is up: a lost connection drops everything and reconnects, since
 * changes sent meanwhile were never heard.
 */
export async function listenAuthChanges({
  db,
  changes,
  logger,
}: ListenAuthChangesOptions): Promise<{ close(): Promise<void> }> {
  const { cache } = changes;
  if (db.pglite) {
    const unlisten = await db.pglite.listen(authChangeChannel, (payload) =>
      changes.receive(payload),
    );
    cache.setListening(true);
    return {
      close: async () => {
        cache.setListening(false);
        await unlisten();
      },
    };
  }

  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const lost = (current: pg.Client, error?: unknown) => {
    if (client !== current) return;
    client = undefined;
    cache.setListening(false);
    current.end().catch(() => {});
    if (closed) return;
    logger.warn({ err: error }, "auth change listener lost its connection; reconnecting");
    retry = setTimeout(connect, reconnectDelayMs);
    retry.unref();
  };
  const connect = async () => {
    const current = new pg.Client({ connectionString: db.url, keepAlive: true });
    client = current;
    current.on("notification", (message) => {
      if (message.channel === authChangeChannel && message.payload) {
        changes.receive(message.payload);
      }
    });
    current.on("error", (error) => lost(current, error));
    current.on("end", () => lost(current));
    try {
      await current.connect();
      await current.query(`LISTEN ${authChangeChannel}`);
    } catch (error) {
      lost(current, error);
      return;
    }
    if (client === current && !closed) cache.setListening(true);
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      cache.setListening(false);
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}
