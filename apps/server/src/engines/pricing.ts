import type { EngineId } from "./engine.js";

/**
 * Estimated price of one answer, in integer micro-USD, per engine (and model
 * where it matters): the provider's search or grounding fee plus typical token
 * usage. Reservations are estimates; runs settle the actual costs the engines
 * report.
 */
export const pricePerAnswerMicrousd: Record<
  EngineId,
  { default: bigint; models?: Record<string, bigint> }
> = {
  openai: { default: 12_000n, models: { "gpt-4.1": 25_000n, "gpt-4.1-mini": 12_000n } },
  perplexity: { default: 7_000n, models: { "sonar-pro": 15_000n } },
  gemini: { default: 36_000n },
  anthropic: { default: 18_000n },
  exa: { default: 5_000n },
  // A nominal demo price, so that billing works the same way with simulated answers.
  simulated: { default: 2_000n },
};

export function estimateAnswerMicrousd(engine: EngineId, model: string): bigint {
  const price = pricePerAnswerMicrousd[engine];
  return price.models?.[model] ?? price.default;
}
