import type { AppContext } from "../../context.js";
import {
  type AnswerEngine,
  type EngineAnswer,
  EngineError,
  type EngineRequest,
} from "../../engines/engine.js";
import type { ProviderLimiter } from "../../engines/limits/provider-limiter.js";

/** Timeouts, 5xx and network failures: a task gets this many tries. */
const maxAttempts = 3;
/**
 * A provider's 429s slow the run down instead of failing it: a task waits out
 * up to this many rate-limit refusals (each honouring Retry-After, else
 * exponential backoff with jitter up to a minute) before it is recorded as failed.
 */
const maxRateLimitedAttempts = 12;
const maxBackoffMs = 60_000;

export type AskOutcome =
  | { answer: EngineAnswer; latencyMs: number; attempts: number }
  | { error: string; attempts: number };

/**
 * Asks one task within the provider's limits, retrying what a retry can fix.
 * A 429 cools the whole provider down (every lane of every run in this
 * process waits), so a storm is ridden out rather than amplified.
 */
export async function askEngine(
  ctx: AppContext,
  engine: AnswerEngine,
  limiter: ProviderLimiter,
  request: EngineRequest,
): Promise<AskOutcome> {
  let failures = 0;
  let rateLimited = 0;
  for (let attempt = 1; ; attempt++) {
    let started = 0;
    try {
      const answer = await limiter.run(() => {
        started = performance.now();
        return engine.ask(request);
      });
      return { answer, latencyMs: Math.round(performance.now() - started), attempts: attempt };
    } catch (error) {
      const engineError = error instanceof EngineError ? error : undefined;
      if (engineError?.rateLimited) rateLimited++;
      else failures++;
      const exhausted = engineError?.rateLimited
        ? rateLimited >= maxRateLimitedAttempts
        : failures >= maxAttempts;
      if (!engineError?.retryable || exhausted) {
        return { error: error instanceof Error ? error.message : String(error), attempts: attempt };
      }
      const tries = engineError.rateLimited ? rateLimited : failures;
      const backoff = Math.min(maxBackoffMs, 500 * 2 ** (tries - 1)) * (0.5 + Math.random() / 2);
      const wait =
        engineError.retryAfterSeconds !== undefined
          ? engineError.retryAfterSeconds * 1000
          : backoff;
      if (engineError.rateLimited) limiter.coolDown(wait);
      else await ctx.clock.sleep(wait);
    }
  }
}
