import type { Database } from "@geopulse/db";
import pg from "pg";
import { workspaceChangeChannel } from "../../src/services/workspaces/workspace-read-cache.js";

/** For changes that announce nothing (a table without the trigger): checked again this often. */
const quietCheckMs = 250;
/** A job that commits often (every call holds credit) is not checked after each commit. */
const checkGapMs = 100;

/**
 * Runs `check` until it returns a value, and returns it. It checks again as
 * soon as the database announces a committed workspace change (the triggers of
 * migration `workspace_change_notify`: a run's status, credits, metric days…),
 * so waiting for a run or a job to finish takes no sleep; a change those
 * triggers do not cover is found by checking every 250 ms, and a chatty job
 * is checked at most every 100 ms.
 */
export async function untilWorkspaceChange<T>(
  db: Database,
  check: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  let heard = 0;
  let wake: (() => void) | undefined;
  const stop = await listenWorkspaceChanges(db, () => {
    heard++;
    wake?.();
  });
  const nextNoticeOr = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wake = undefined;
    });
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const seen = heard;
      const checked = Date.now();
      const value = await check();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error("condition not met in time");
      // A notice heard while checking may be what the check just missed: no waiting for another.
      if (heard === seen) await nextNoticeOr(quietCheckMs);
      const gap = checked + checkGapMs - Date.now();
      if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
    }
  } finally {
    await stop();
  }
}

/** Listens to the workspace change channel (each notice's payload): PGlite's listener, or a PostgreSQL connection of its own. */
export async function listenWorkspaceChanges(
  db: Database,
  onNotice: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (db.pglite) return db.pglite.listen(workspaceChangeChannel, onNotice);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  client.on("notification", (message) => onNotice(message.payload ?? ""));
  await client.query(`LISTEN ${workspaceChangeChannel}`);
  return () => client.end();
}
