import type { ModelCatalog } from "./catalog/model-catalog.js";
import type { EngineId } from "./engine.js";
import { SIMULATED_PRICING, simulatedInputTokens } from "./simulated/pricing.js";

/**
 * What one answer may use, per engine: the output-token cap sent with the
 * request (`EngineRequest.maxOutputTokens`), the input tokens allowed beyond
 * the prompt itself (instructions and tool definitions, plus the search
 * results a provider bills as input tokens), and the searches billed per
 * answer. Together with the model catalog's list prices (`catalog/models.json`) they
 * give each answer's ceiling.
 */
export interface AnswerAllowance {
  maxOutputTokens: number;
  overheadInputTokens: number;
  searchContextTokens: number;
  maxSearches: number;
}

/** An engine billed per request (a task, a record), whose answer uses no tokens or searches. */
const NO_TOKENS: AnswerAllowance = Object.freeze({
  maxOutputTokens: 0,
  overheadInputTokens: 0,
  searchContextTokens: 0,
  maxSearches: 0,
});

export const answerAllowances: Record<EngineId, AnswerAllowance> = {
  // Web search results are billed as input tokens; one or two searches per answer.
  openai: {
    maxOutputTokens: 1024,
    overheadInputTokens: 500,
    searchContextTokens: 8000,
    maxSearches: 2,
  },
  // The request fee covers Sonar's search context.
  perplexity: {
    maxOutputTokens: 1024,
    overheadInputTokens: 500,
    searchContextTokens: 0,
    maxSearches: 0,
  },
  // Claude reads each search's results as input tokens, and a paused turn sends them again:
  // a turn of several searches uses tens of thousands. max_uses caps its searches at 5.
  anthropic: {
    maxOutputTokens: 1024,
    overheadInputTokens: 500,
    searchContextTokens: 40000,
    maxSearches: 5,
  },
  // The grounding fee covers the search context; thinking tokens count as output (kept low by
  // the catalog's thinking setting). Gemini 3 bills each search query (Gemini 2.5 one fee per
  // grounded request) and takes no cap on them: the ceiling covers 6, more are not billed.
  gemini: {
    maxOutputTokens: 4096,
    overheadInputTokens: 500,
    searchContextTokens: 0,
    maxSearches: 6,
  },
  // Grok reads its searches' results as input tokens over several server-side turns (about
  // 4,000 for two searches); thinking counts as output. max_tool_calls caps its searches.
  grok: {
    maxOutputTokens: 4096,
    overheadInputTokens: 500,
    searchContextTokens: 20000,
    maxSearches: 3,
  },
  // DataForSEO bills per task posted and Bright Data per record collected, not per token.
  google_ai_overview: NO_TOKENS,
  google_ai_mode: NO_TOKENS,
  chatgpt_app: NO_TOKENS,
  perplexity_app: NO_TOKENS,
  gemini_app: NO_TOKENS,
  copilot_app: NO_TOKENS,
  // Exa bills per answer, not per token.
  exa: { maxOutputTokens: 1024, overheadInputTokens: 0, searchContextTokens: 0, maxSearches: 0 },
  // The longest simulated answer is about 240 tokens.
  simulated: {
    maxOutputTokens: 256,
    overheadInputTokens: 0,
    searchContextTokens: 0,
    maxSearches: 0,
  },
};

/** The output-token cap an answer of this engine is asked with. */
export function maxOutputTokensFor(engine: EngineId): number {
  return answerAllowances[engine].maxOutputTokens;
}

/**
 * The searches an answer of this engine may run: sent where the provider takes a cap (OpenAI
 * `max_tool_calls`, Anthropic's web search `max_uses`), so the ceiling covers what it bills.
 */
export function maxSearchesFor(engine: EngineId): number {
  return answerAllowances[engine].maxSearches;
}

/**
 * The most one answer to `prompt` is billed, in integer micro-USD. For the
 * simulated engine this is exact: its price is a flat fee plus its own token
 * counts (a quarter of the prompt's characters in, at most the cap out). For
 * the real engines it is the list price of the cap: the prompt's UTF-8 bytes
 * (a byte-level tokenizer never makes more tokens than bytes) plus the
 * allowances in, the output cap out, the allowed searches and the request
 * fee (Sonar's at its highest search context size). The provider's own usage (web search context above all) cannot be
 * bounded in advance, so an answer is billed its reported cost capped at this
 * ceiling (`services/credits/credit-budget.ts`: `payFor`); a run's estimate is the sum of its
 * answers' ceilings, so what it is charged never exceeds what it reserved. A model the
 * catalog does not list has no ceiling: UnknownModelError.
 */
export function answerCeilingMicrousd(
  catalog: ModelCatalog,
  engine: EngineId,
  model: string,
  prompt: string,
): bigint {
  const allowance = answerAllowances[engine];
  if (engine === "simulated") {
    const p = SIMULATED_PRICING;
    return (
      p.perAnswerMicrousd +
      BigInt(simulatedInputTokens(prompt)) * p.perInputTokenMicrousd +
      BigInt(allowance.maxOutputTokens) * p.perOutputTokenMicrousd
    );
  }
  return catalog.cost(engine, model, {
    inputTokens:
      Buffer.byteLength(prompt, "utf8") +
      allowance.overheadInputTokens +
      allowance.searchContextTokens,
    outputTokens: allowance.maxOutputTokens,
    searches: allowance.maxSearches,
    groundedRequests: 1,
    requests: 1,
  });
}
