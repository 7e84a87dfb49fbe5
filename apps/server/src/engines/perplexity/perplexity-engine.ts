import { dedupeCitations } from "../connectors/citations.js";
import { type ConnectorOptions, postJson } from "../connectors/http.js";
import { answerCostMicrousd } from "../connectors/token-pricing.js";
import type { AnswerEngine, EngineAnswer, EngineRequest } from "../engine.js";
import { EngineError } from "../engine.js";

/** The parts of a Sonar chat completion the connector reads. */
interface PerplexityResponse {
  choices?: Array<{ message?: { content?: string } }>;
  citations?: string[];
  search_results?: Array<{ title?: string; url?: string }>;
  usage?: {
    prompt_tokens?: number;
    completion_tokens?: number;
    /** What Perplexity billed, in USD (request fee included), when it says. */
    cost?: { total_cost?: number };
  };
}

/**
 * Perplexity Sonar chat completions: the answer is the first choice's
 * message, citations the `citations` URLs in order (titled from
 * `search_results`), or the search results themselves when no citation list
 * is given. Sonar does not expose its search queries. The cost is what
 * Perplexity reports in `usage.cost.total_cost` when present (it includes the
 * request fee of the search context size), else the pricing table's estimate.
 */
export function createPerplexityEngine(options: ConnectorOptions): AnswerEngine {
  return {
    id: "perplexity",
    simulated: false,
    async ask(request: EngineRequest): Promise<EngineAnswer> {
      const body = await postJson<PerplexityResponse>({
        provider: "Perplexity",
        url: `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`,
        headers: { authorization: `Bearer ${options.apiKey}` },
        body: { model: request.model, messages: [{ role: "user", content: request.prompt }] },
        options,
        signal: request.signal,
      });
      const answer = body.choices?.[0]?.message?.content?.trim() ?? "";
      if (!answer) throw new EngineError("Perplexity returned no answer text.", true);
      const results = body.search_results ?? [];
      const titles = new Map(results.map((r) => [r.url, r.title]));
      const citations =
        body.citations && body.citations.length > 0
          ? body.citations.map((url) => ({ url, title: titles.get(url) }))
          : results;
      const inputTokens = body.usage?.prompt_tokens ?? 0;
      const outputTokens = body.usage?.completion_tokens ?? 0;
      return {
        answer,
        citations: dedupeCitations(citations),
        searchQueries: [],
        inputTokens,
        outputTokens,
        costMicrousd:
          billedMicrousd(body.usage?.cost?.total_cost) ??
          answerCostMicrousd("perplexity", request.model, {
            inputTokens,
            outputTokens,
            searches: 0,
            requests: 1,
          }),
      };
    },
  };
}

/** The provider's own bill, converted once to integer micro-USD; undefined when absent or odd. */
function billedMicrousd(usd: number | undefined): bigint | undefined {
  if (typeof usd !== "number" || !Number.isFinite(usd) || usd < 0 || usd > 100) return undefined;
  return BigInt(Math.round(usd * 1_000_000));
}
