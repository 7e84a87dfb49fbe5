import { costAt } from "../catalog/model-catalog.js";
import { catalogModel } from "../connectors/catalog-model.js";
import { dedupeCitations } from "../connectors/citations.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { type AnswerEngine, realEngine } from "../engine.js";
import { createSonarClient } from "./sonar.js";

/**
 * Perplexity Sonar chat completions: the answer is the first choice's
 * message, citations the `citations` URLs in order (titled from
 * `search_results`), or the search results themselves when no citation list
 * is given. Sonar does not expose its search queries. The cost is what
 * Perplexity reports in `usage.cost.total_cost` when present (it includes the
 * request fee of the search context size), else the pricing table's estimate.
 */
export function createPerplexityEngine(options: ConnectorOptions): AnswerEngine {
  const askSonar = createSonarClient(options);
  return realEngine("perplexity", async (request) => {
    const model = catalogModel(options, "perplexity", request.model);
    const sonar = await askSonar(
      {
        model: model.apiModel,
        messages: [{ role: "user", content: request.prompt }],
        max_tokens: request.maxOutputTokens,
      },
      request.signal,
    );
    const { inputTokens, outputTokens } = sonar;
    return {
      answer: sonar.content,
      citations: dedupeCitations(sonar.sources),
      searchQueries: [],
      inputTokens,
      outputTokens,
      costMicrousd:
        billedMicrousd(sonar.billedUsd) ??
        costAt(model, {
          inputTokens,
          outputTokens,
          searches: 0,
          requests: 1,
        }),
    };
  });
}

/** The provider's own bill, converted once to integer micro-USD; undefined when absent or odd. */
function billedMicrousd(usd: number | undefined): bigint | undefined {
  if (typeof usd !== "number" || !Number.isFinite(usd) || usd < 0 || usd > 100) return undefined;
  return BigInt(Math.round(usd * 1_000_000));
}
