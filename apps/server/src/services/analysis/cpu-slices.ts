import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * CPU time one synchronous stretch of background work may take before it
 * lets the event loop run: requests (and, on the embedded database, every
 * query) wait behind it, so it bounds the latency background work adds.
 */
export const SLICE_MS = 8;

/** Lets pending I/O and timers run before continuing. */
export const yieldToEventLoop = (): Promise<void> => nextTurn();

/**
 * A stretch of CPU work cut into slices of SLICE_MS: a loop asks `due()` after
 * each item (cheap: no promise) and awaits `pause()` when it says so.
 */
export class CpuSlices {
  #start = performance.now();

  due(): boolean {
    return performance.now() - this.#start >= SLICE_MS;
  }

  async pause(): Promise<void> {
    await yieldToEventLoop();
    this.#start = performance.now();
  }
}

/** `items.map(fn)`, yielding to the event loop whenever a stretch exceeds SLICE_MS. */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T) => R): Promise<R[]> {
  const results: R[] = [];
  const slices = new CpuSlices();
  for (const item of items) {
    results.push(fn(item));
    if (slices.due()) await slices.pause();
  }
  return results;
}

/**
 * Runs a pure computation written as a generator (it yields between bounded
 * steps, e.g. `detectChangesInSteps`) to its result, letting the event loop
 * run whenever a stretch of steps exceeds SLICE_MS.
 */
export async function runInSlices<R>(steps: Generator<void, R, void>): Promise<R> {
  const slices = new CpuSlices();
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    if (slices.due()) await slices.pause();
  }
}
