import type { Database } from "@geopulse/db";
import pg from "pg";
import type { Logger } from "pino";
import {
  type WorkspaceReadCache,
  workspaceChangeChannel,
} from "../workspaces/workspace-read-cache.js";
import { type AuthChanges, authChangeChannel } from "./auth-changes.js";

const reconnectDelayMs = 1_000;

export interface ListenAuthChangesOptions {
  db: Database;
  changes: AuthChanges;
  /** Workspace reads, dropped by the notices of the database's triggers (same connection). */
  workspaceReads: WorkspaceReadCache;
  logger: Logger;
}

/** A channel, what receives its notices, and whether they can be heard. */
interface Subscriber {
  channel: string;
  receive(payload: string): void;
  setListening(listening: boolean): void;
}

/**
 * Feeds committed auth changes of every process to this process's cache:
 * LISTEN on a connection of its own on PostgreSQL, PGlite's listener on the
 * embedded database (one process). The cache serves entries only while the
 * listener is up: a lost connection drops everything and reconnects, since
 * changes sent meanwhile were never heard. The same connection carries the
 * workspace change notices (services/workspaces/workspace-read-cache.ts), under the
 * same rule.
 */
export async function listenAuthChanges({
  db,
  changes,
  workspaceReads,
  logger,
}: ListenAuthChangesOptions): Promise<{ close(): Promise<void> }> {
  const subscribers: Subscriber[] = [
    {
      channel: authChangeChannel,
      receive: (payload) => changes.receive(payload),
      setListening: (listening) => changes.cache.setListening(listening),
    },
    {
      channel: workspaceChangeChannel,
      receive: (payload) => workspaceReads.receive(payload),
      setListening: (listening) => workspaceReads.setListening(listening),
    },
  ];
  const setListening = (listening: boolean) => {
    for (const subscriber of subscribers) subscriber.setListening(listening);
  };
  if (db.pglite) {
    const { pglite } = db;
    const unlisten = await Promise.all(
      subscribers.map((s) => pglite.listen(s.channel, (payload) => s.receive(payload))),
    );
    setListening(true);
    return {
      close: async () => {
        setListening(false);
        for (const stop of unlisten) await stop();
      },
    };
  }

  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const lost = (current: pg.Client, error?: unknown) => {
    if (client !== current) return;
    client = undefined;
    setListening(false);
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
      const subscriber = subscribers.find((s) => s.channel === message.channel);
      if (subscriber && message.payload !== undefined) subscriber.receive(message.payload);
    });
    current.on("error", (error) => lost(current, error));
    current.on("end", () => lost(current));
    try {
      await current.connect();
      for (const { channel } of subscribers) await current.query(`LISTEN ${channel}`);
    } catch (error) {
      lost(current, error);
      return;
    }
    if (client === current && !closed) setListening(true);
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      setListening(false);
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}
