import { askerLocale } from "../connectors/asker-locale.js";
import { catalogModel } from "../connectors/catalog-model.js";
import { dedupeCitations, usedNotCited } from "../connectors/citations.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { type AnswerEngine, realEngine } from "../engine.js";
import { createSonarClient, sonarCost } from "./sonar.js";

/**
 * Perplexity Sonar chat completions: the answer is the first choice's
 * message, citations the `citations` URLs in order (titled from
 * `search_results`), or the search results themselves when no citation list
 * is given. Sonar does not expose its search queries. The charge is the
 * catalog's price of the reported usage (`sonarCost`).
 */
export function createPerplexityEngine(options: ConnectorOptions): AnswerEngine {
  const askSonar = createSonarClient(options);
  return realEngine("perplexity", async (request) => {
    const model = catalogModel(options, "perplexity", request.model);
    const locale = askerLocale(request.context);
    const sonar = await askSonar(
      {
        model: model.apiModel,
        messages: [{ role: "user", content: request.prompt }],
        max_tokens: request.maxOutputTokens,
      },
      request.signal,
      locale,
    );
    const citations = dedupeCitations(sonar.sources);
    return {
      answer: sonar.content,
      end: sonar.finishReason === "length" ? "truncated" : "completed",
      citations,
      usedSources: usedNotCited(sonar.searchResults, citations),
      searchQueries: [],
      inputTokens: sonar.inputTokens,
      outputTokens: sonar.outputTokens,
      costMicrousd: sonarCost(options, model, sonar),
      servedModel: sonar.servedModel,
      country: locale.country ?? null,
      language: locale.language ?? null,
    };
  });
}
