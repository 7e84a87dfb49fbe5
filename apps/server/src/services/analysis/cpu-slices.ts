// Node's own, not the global a test's fake timers replace: a grant they swallowed would
// leave every later yield waiting.
import { setImmediate } from "node:timers";
import { isBackgroundWork } from "@geopulse/db";

/**
 * CPU time one synchronous stretch of background work may take before it
 * lets the event loop run: requests (and, on the embedded database, every
 * query) wait behind it, so it bounds the latency background work adds.
 */
export const SLICE_MS = 8;

/**
 * Who runs next among work that yielded: ONE waiter per turn of the event loop, a request's
 * before background work's. With a setImmediate per waiter, every task that had yielded ran
 * its next slice in the same turn, so I/O (a request, or the embedded database's reply a
 * transaction waits for while it holds the database) waited behind all of them: four
 * background tasks slicing at once made each round trip wait ~30 ms. Now it waits behind
 * one slice. It paces this thread's event loop, which is one per thread whatever the app
 * contexts in it, so its state is the module's. Requests' slices always go first: bounded by
 * the requests in flight, they delay background work (even one yielding inside a transaction
 * on the embedded database, a derivation's last attempt) but cannot starve it for good.
 */
class SliceTurns {
  readonly #request: Array<() => void> = [];
  readonly #background: Array<() => void> = [];
  #scheduled = false;

  wait(): Promise<void> {
    return new Promise((resolve) => {
      (isBackgroundWork() ? this.#background : this.#request).push(resolve);
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // Scheduled from within a turn's immediates, it runs in the next turn, after that turn's I/O.
    setImmediate(this.#grant);
  }

  readonly #grant = (): void => {
    this.#scheduled = false;
    const next = this.#request.shift() ?? this.#background.shift();
    if (this.#request.length > 0 || this.#background.length > 0) this.#schedule();
    next?.();
  };
}

const turns = new SliceTurns();

/** Lets pending I/O and timers run before continuing (one waiter a turn: SliceTurns). */
export const yieldToEventLoop = (): Promise<void> => turns.wait();

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
