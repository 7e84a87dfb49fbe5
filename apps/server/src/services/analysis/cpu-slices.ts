import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * CPU time one synchronous stretch of background work may take before it
 * lets the event loop run: requests (and, on the embedded database, every
 * query) wait behind it, so it bounds the latency background work adds.
 */
export const SLICE_MS = 8;

/** Lets pending I/O and timers run before continuing. */
export const yieldToEventLoop = (): Promise<void> => nextTurn();

/** `items.map(fn)`, yielding to the event loop whenever a stretch exceeds SLICE_MS. */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T) => R): Promise<R[]> {
  const results: R[] = [];
  let sliceStart = performance.now();
  for (const item of items) {
    results.push(fn(item));
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  return results;
}
