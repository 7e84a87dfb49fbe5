import type { Clock } from "../../clock.js";
import type { EngineId } from "../engine.js";
import type { EngineLimit } from "./engine-limits.js";

/**
 * Bounds the requests one process sends to one provider, across every run it
 * executes: at most `concurrency` in flight, at most `requestsPerMinute`
 * started (a token bucket refilled by the clock, bursting to a tenth of a
 * minute's allowance), and a shared cool-down when the provider answers 429,
 * so a rate-limit storm slows every lane instead of each lane hammering it.
 */
export class ProviderLimiter {
  readonly #clock: Clock;
  readonly #limit: EngineLimit;
  #inFlight = 0;
  readonly #waiting: Array<() => void> = [];
  #tokens: number;
  #refilledAt: number;
  #coolUntil = 0;

  constructor(clock: Clock, limit: EngineLimit) {
    this.#clock = clock;
    this.#limit = limit;
    this.#tokens = this.#burst();
    this.#refilledAt = clock.now().getTime();
  }

  get limit(): EngineLimit {
    return this.#limit;
  }

  /** Runs `task` once a slot and a token are free. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.#acquireSlot();
    try {
      await this.#awaitCoolDown();
      await this.#takeToken();
      return await task();
    } finally {
      this.#releaseSlot();
    }
  }

  /** The provider said to back off: no request starts before `ms` from now. */
  coolDown(ms: number): void {
    this.#coolUntil = Math.max(this.#coolUntil, this.#clock.now().getTime() + ms);
  }

  #burst(): number {
    const rpm = this.#limit.requestsPerMinute;
    return rpm === null ? Number.POSITIVE_INFINITY : Math.max(1, Math.floor(rpm / 10));
  }

  async #acquireSlot(): Promise<void> {
    if (this.#inFlight < this.#limit.concurrency) {
      this.#inFlight++;
      return;
    }
    // The releasing task hands its slot over directly (inFlight stays the same).
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #releaseSlot(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#inFlight--;
  }

  async #awaitCoolDown(): Promise<void> {
    for (;;) {
      const wait = this.#coolUntil - this.#clock.now().getTime();
      if (wait <= 0) return;
      await this.#clock.sleep(wait);
    }
  }

  async #takeToken(): Promise<void> {
    const rpm = this.#limit.requestsPerMinute;
    if (rpm === null) return;
    const perMs = rpm / 60_000;
    for (;;) {
      const now = this.#clock.now().getTime();
      this.#tokens = Math.min(this.#burst(), this.#tokens + (now - this.#refilledAt) * perMs);
      this.#refilledAt = now;
      if (this.#tokens >= 1) {
        this.#tokens -= 1;
        return;
      }
      await this.#clock.sleep(Math.ceil((1 - this.#tokens) / perMs));
    }
  }
}

/** One limiter per provider for the whole process. */
export class EngineLimiters {
  readonly #byEngine = new Map<EngineId, ProviderLimiter>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: Record<EngineId, EngineLimit>,
  ) {}

  for(engine: EngineId): ProviderLimiter {
    let limiter = this.#byEngine.get(engine);
    if (!limiter) {
      limiter = new ProviderLimiter(this.clock, this.limits[engine]);
      this.#byEngine.set(engine, limiter);
    }
    return limiter;
  }
}
