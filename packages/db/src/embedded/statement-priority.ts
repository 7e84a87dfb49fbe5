import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Whose statements a piece of work sends: a request's, which the embedded database runs ahead
 * of background work's (runs, re-analyses, the job queue) waiting at the same moment. Work that
 * names neither (timers, the job queue's polling) is background. PostgreSQL has a connection
 * per statement in flight and ignores it.
 */
const priority = new AsyncLocalStorage<"request" | "background">();

/** Runs `work` as a request's: its statements, and those of what it awaits, go first. */
export function withRequestPriority<T>(work: () => T): T {
  return priority.run("request", work);
}

/** Runs `work` as background work, even when a request started it (a job run in-line). */
export function withBackgroundPriority<T>(work: () => T): T {
  return priority.run("background", work);
}

/** Whether the statement about to be sent is background work's. */
export function isBackgroundWork(): boolean {
  return priority.getStore() !== "request";
}
