import type { EngineId } from "../engine.js";

/**
 * List prices of the real engines, in integer micro-USD: per million input
 * and output tokens, and per search (or grounded request, or request fee,
 * as the provider bills it). The per-answer estimates a run reserves live in
 * `../pricing.ts`; these price what an answer actually used.
 */
export interface TokenPrice {
  inputPerMillion: bigint;
  outputPerMillion: bigint;
  /** Charged per web search the answer ran (OpenAI, Anthropic). */
  perSearch: bigint;
  /** Charged once per answered request (Perplexity request fee, Gemini grounding, Exa). */
  perRequest: bigint;
}

type PriceTable = { default: TokenPrice; models?: Record<string, TokenPrice> };

const price = (
  inputUsdPerM: number,
  outputUsdPerM: number,
  perSearch = 0n,
  perRequest = 0n,
): TokenPrice => ({
  inputPerMillion: BigInt(Math.round(inputUsdPerM * 1_000_000)),
  outputPerMillion: BigInt(Math.round(outputUsdPerM * 1_000_000)),
  perSearch,
  perRequest,
});

export const tokenPrices: Record<Exclude<EngineId, "simulated">, PriceTable> = {
  // Web search tool calls: $10 per 1,000.
  openai: {
    default: price(0.4, 1.6, 10_000n),
    models: {
      "gpt-4.1": price(2, 8, 10_000n),
      "gpt-4.1-mini": price(0.4, 1.6, 10_000n),
      "gpt-4o": price(2.5, 10, 10_000n),
      "gpt-4o-mini": price(0.15, 0.6, 10_000n),
    },
  },
  // Request fee (low search context): $5 per 1,000 for sonar, $6 for sonar-pro.
  perplexity: {
    default: price(1, 1, 0n, 5_000n),
    models: { sonar: price(1, 1, 0n, 5_000n), "sonar-pro": price(3, 15, 0n, 6_000n) },
  },
  // Web search: $10 per 1,000 searches.
  anthropic: {
    default: price(3, 15, 10_000n),
    models: { "claude-sonnet-4": price(3, 15, 10_000n), "claude-opus-4": price(15, 75, 10_000n) },
  },
  // Grounding with Google Search: $35 per 1,000 grounded requests.
  gemini: {
    default: price(0.3, 2.5, 0n, 35_000n),
    models: {
      "gemini-2.5-flash": price(0.3, 2.5, 0n, 35_000n),
      "gemini-2.5-pro": price(1.25, 10, 0n, 35_000n),
    },
  },
  // Answer endpoint: $5 per 1,000 answers when the response carries no cost.
  exa: { default: price(0, 0, 0n, 5_000n) },
};

export function tokenPrice(engine: Exclude<EngineId, "simulated">, model: string): TokenPrice {
  const table = tokenPrices[engine];
  return table.models?.[model] ?? table.default;
}

/**
 * The cost of one answer: tokens at the per-million prices (the sum rounded
 * up to a whole micro-USD), plus searches and the request fee.
 */
export function answerCostMicrousd(
  engine: Exclude<EngineId, "simulated">,
  model: string,
  usage: { inputTokens: number; outputTokens: number; searches: number; requests: number },
): bigint {
  const p = tokenPrice(engine, model);
  const tokenPart =
    BigInt(Math.max(0, Math.trunc(usage.inputTokens))) * p.inputPerMillion +
    BigInt(Math.max(0, Math.trunc(usage.outputTokens))) * p.outputPerMillion;
  const tokens = (tokenPart + 999_999n) / 1_000_000n;
  return (
    tokens +
    BigInt(Math.max(0, Math.trunc(usage.searches))) * p.perSearch +
    BigInt(Math.max(0, Math.trunc(usage.requests))) * p.perRequest
  );
}

/** A dollar amount as reported by a provider (e.g. Exa's costDollars.total) in micro-USD. */
export function dollarsToMicrousd(value: unknown): bigint | undefined {
  if (typeof value !== "number" && typeof value !== "string") return undefined;
  const text = typeof value === "number" ? value.toFixed(9) : value.trim();
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return undefined;
  const whole = BigInt(match[1] ?? "0");
  const fraction = (match[2] ?? "").padEnd(7, "0");
  let micro = whole * 1_000_000n + BigInt(fraction.slice(0, 6));
  if (/[1-9]/.test(fraction.slice(6))) micro += 1n; // round up what is below a micro-USD
  return micro;
}
