import type { Clock } from "../../clock.js";
import type { Random } from "../../random.js";
import { EngineError, type EngineFailureKind } from "../engine.js";
import type { ProviderLimiter } from "../limits/provider-limiter.js";

/**
 * The one retry policy for calls to providers (runs, prompt generation,
 * research). Timeouts, 5xx and network failures get this many tries in all.
 */
export const maxAttempts = 3;
/**
 * A provider's 429s slow the work down instead of failing it: a call waits
 * out up to this many rate-limit refusals before it is recorded as failed.
 */
export const maxRateLimitedAttempts = 12;
/** The longest wait a provider's Retry-After may impose on one retry. */
export const maxRetryAfterSeconds = 120;
const baseBackoffMs = 500;
const maxBackoffMs = 60_000;

export interface RetryOptions<T> {
  clock: Clock;
  /** Jitter source (`ctx.random`). */
  random: Random;
  /**
   * The provider's limiter, where there is one: each try runs within its
   * bounds, and a 429 cools the whole provider down through it (every caller
   * of this process waits) instead of sleeping this caller alone.
   */
  limiter?: ProviderLimiter | undefined;
  call: () => Promise<T>;
  /** Sees every failed try (prompt generation adds up what failed tries were billed). */
  onFailure?: (error: unknown) => void;
}

export type RetryOutcome<T> =
  | { ok: true; value: T; attempts: number }
  | { ok: false; error: string; attempts: number; kind?: EngineFailureKind | undefined };

/**
 * Calls until it succeeds, fails for good (not an EngineError, or one that is
 * not retryable) or runs out of tries; waits between tries the provider's
 * Retry-After when it gave one, else exponential backoff with jitter.
 */
export async function callWithRetries<T>(options: RetryOptions<T>): Promise<RetryOutcome<T>> {
  const { clock, random, limiter, call, onFailure } = options;
  let failures = 0;
  let rateLimited = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const value = await (limiter ? limiter.run(call) : call());
      return { ok: true, value, attempts: attempt };
    } catch (error) {
      onFailure?.(error);
      const engineError = error instanceof EngineError ? error : undefined;
      const tries = engineError?.rateLimited ? ++rateLimited : ++failures;
      const budget = engineError?.rateLimited ? maxRateLimitedAttempts : maxAttempts;
      if (!engineError?.retryable || tries >= budget) {
        return {
          ok: false,
          error: error instanceof Error ? error.message : String(error),
          attempts: attempt,
          kind: engineError?.kind,
        };
      }
      const wait = retryDelayMs(engineError, tries, random);
      if (engineError.rateLimited && limiter) limiter.coolDown(wait);
      else await clock.sleep(wait);
    }
  }
}

/** The wait before the next try: Retry-After (capped), else 500 ms doubling to a minute, jittered to 50-100 %. */
export function retryDelayMs(error: EngineError, tries: number, random: Random): number {
  if (error.retryAfterSeconds !== undefined) {
    return Math.min(error.retryAfterSeconds, maxRetryAfterSeconds) * 1000;
  }
  const backoff = Math.min(maxBackoffMs, baseBackoffMs * 2 ** (tries - 1));
  return Math.round(backoff * (0.5 + random() / 2));
}

/**
 * Retry-After as seconds, from a delay or an HTTP date (read against `now`,
 * the injected clock's time), capped; undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  let seconds: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return undefined;
    seconds = Math.max(0, Math.ceil((at - now.getTime()) / 1000));
  }
  return Math.min(seconds, maxRetryAfterSeconds);
}
