import { askerLanguage } from "../connectors/asker-locale.js";
import { catalogModel } from "../connectors/catalog-model.js";
import { dedupeCitations } from "../connectors/citations.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import {
  extractQuestions,
  type ResearchProvider,
  realResearchProvider,
} from "../research-provider.js";
import { createSonarClient, sonarCost } from "./sonar.js";

const languageNames: Record<string, string> = {
  en: "English",
  es: "Spanish",
  ca: "Catalan",
  fr: "French",
};

/**
 * Perplexity Sonar asked for the questions people ask about a topic: the
 * answer's question lines are candidate prompts; its citations (titled from
 * search_results) or search results are the sources.
 */
export function createPerplexityQuestions(options: ConnectorOptions): ResearchProvider {
  const askSonar = createSonarClient(options);
  const model = catalogModel(
    options,
    "perplexity",
    options.catalog.defaultId("perplexity", "research"),
  );
  return realResearchProvider("perplexity", async (request) => {
    const language = languageNames[request.language] ?? "English";
    const sonar = await askSonar(
      {
        model: model.apiModel,
        messages: [
          {
            role: "system",
            content: `You research what buyers ask AI assistants. Answer in ${language} with one question per line, no other text.`,
          },
          {
            role: "user",
            content: `List the 10 questions people most often ask about "${request.seed}" when choosing a product or provider, based on what is discussed on the web.`,
          },
        ],
      },
      undefined,
      // The web searched in the research's language, as the questions are asked.
      { language: askerLanguage(request.language) },
    );
    return {
      questions: extractQuestions(sonar.content),
      sources: dedupeCitations(sonar.sources),
      costMicrousd: sonarCost(options, model, sonar),
    };
  });
}
