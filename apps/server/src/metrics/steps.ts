/**
 * A computation written as a generator that yields between bounded steps (so a service on a
 * busy thread can let other work run between them: `runInSlices`), run to its result at once.
 */
export function runToEnd<R>(steps: Generator<void, R, void>): R {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}
