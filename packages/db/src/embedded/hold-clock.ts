/**
 * How long each call held PGlite, which runs one statement or transaction at a time: a call's
 * hold starts when it was asked for or when the one before it ended, whichever is later, so the
 * time it spent waiting for the lock is left out. Statements inside a transaction are part of
 * its hold. Off (undefined holds) unless a bench turns it on.
 */
export class HoldClock {
  on = false;
  #lastEnd = 0;

  held(askedAt: number): number | undefined {
    if (!this.on) return undefined;
    const end = performance.now();
    const held = end - Math.max(askedAt, this.#lastEnd);
    this.#lastEnd = end;
    return held;
  }
}
