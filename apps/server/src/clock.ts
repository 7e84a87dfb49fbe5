/**
 * The one source of time. Everything that reads the time or waits takes a
 * Clock, so tests move through expiry windows without sleeping.
 */
export interface Clock {
  now(): Date;
  /** Resolves after `ms` of this clock's time. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A clock that only moves when told to; `sleep` advances it instead of waiting. */
export class ManualClock implements Clock {
  #now: number;

  constructor(start: Date | string = "2026-01-15T12:00:00.000Z") {
    this.#now = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  advance(ms: number): void {
    this.#now += ms;
  }

  set(to: Date | string): void {
    this.#now = new Date(to).getTime();
  }

  async sleep(ms: number): Promise<void> {
    this.#now += Math.max(0, ms);
  }
}
