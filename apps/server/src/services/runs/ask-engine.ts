import type { AppContext } from "../../context.js";
import type {
  AnswerEngine,
  EngineAnswer,
  EngineFailureKind,
  EngineRequest,
} from "../../engines/engine.js";
import type { ProviderLimiter } from "../../engines/limits/provider-limiter.js";
import { callWithRetries } from "../../engines/retry/retry-policy.js";

export type AskOutcome =
  | { answer: EngineAnswer; latencyMs: number; attempts: number }
  | { error: string; attempts: number; kind?: EngineFailureKind | undefined };

/**
 * Asks one task within the provider's limits under the one retry policy. A
 * 429 cools the whole provider down (every lane of every run in this
 * process waits), so a storm is ridden out rather than amplified.
 */
export async function askEngine(
  ctx: AppContext,
  engine: AnswerEngine,
  limiter: ProviderLimiter,
  request: EngineRequest,
): Promise<AskOutcome> {
  let started = 0;
  const outcome = await callWithRetries({
    clock: ctx.clock,
    random: ctx.random,
    limiter,
    call: () => {
      started = performance.now();
      return engine.ask(request);
    },
  });
  if (!outcome.ok) return { error: outcome.error, attempts: outcome.attempts, kind: outcome.kind };
  return {
    answer: outcome.value,
    latencyMs: Math.round(performance.now() - started),
    attempts: outcome.attempts,
  };
}
