import type {
  ResearchFindings,
  ResearchProvider,
  ResearchRequest,
} from "../../services/research/research-provider.js";
import { extractQuestions } from "../../services/research/research-provider.js";
import { dedupeCitations } from "../connectors/citations.js";
import { type ConnectorOptions, postJson } from "../connectors/http.js";
import { answerCostMicrousd } from "../connectors/token-pricing.js";
import { EngineError } from "../engine.js";

const researchSonarModel = "sonar";

const languageNames: Record<string, string> = {
  en: "English",
  es: "Spanish",
  ca: "Catalan",
  fr: "French",
};

interface SonarResponse {
  choices?: Array<{ message?: { content?: string } }>;
  citations?: string[];
  search_results?: Array<{ title?: string; url?: string }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

/**
 * Perplexity Sonar asked for the questions people ask about a topic: the
 * answer's question lines are candidate prompts; its citations (titled from
 * search_results) or search results are the sources.
 */
export function createPerplexityQuestions(options: ConnectorOptions): ResearchProvider {
  return {
    id: "perplexity",
    simulated: false,
    async research(request: ResearchRequest): Promise<ResearchFindings> {
      const language = languageNames[request.language] ?? "English";
      const body = await postJson<SonarResponse>({
        provider: "Perplexity",
        url: `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`,
        headers: { authorization: `Bearer ${options.apiKey}` },
        body: {
          model: researchSonarModel,
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
        options,
      });
      const content = body.choices?.[0]?.message?.content ?? "";
      if (!content.trim()) throw new EngineError("Perplexity returned no answer text.", true);
      const results = body.search_results ?? [];
      const titles = new Map(results.map((r) => [r.url, r.title]));
      const sources =
        body.citations && body.citations.length > 0
          ? body.citations.map((url) => ({ url, title: titles.get(url) }))
          : results;
      return {
        questions: extractQuestions(content),
        sources: dedupeCitations(sources),
        costMicrousd: answerCostMicrousd("perplexity", researchSonarModel, {
          inputTokens: body.usage?.prompt_tokens ?? 0,
          outputTokens: body.usage?.completion_tokens ?? 0,
          searches: 0,
          requests: 1,
        }),
      };
    },
  };
}
