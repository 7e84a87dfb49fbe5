import { researchPricePerCall } from "../../services/research/plan-research.js";
import type {
  ResearchFindings,
  ResearchProvider,
  ResearchRequest,
} from "../../services/research/research-provider.js";
import { extractQuestions } from "../../services/research/research-provider.js";
import { dedupeCitations } from "../connectors/citations.js";
import { type ConnectorOptions, postJson } from "../connectors/http.js";
import { dollarsToMicrousd } from "../connectors/token-pricing.js";

/** Exa's list price per search with contents (what research holds per call), when the response carries no cost. */
const exaSearchPriceMicrousd = researchPricePerCall.exa;
const exaResultsPerSearch = 10;

/** The parts of a /search response this client reads. */
interface ExaSearchResponse {
  results?: Array<{ url?: string; title?: string | null; text?: string; highlights?: string[] }>;
  costDollars?: { total?: number };
}

/**
 * Exa's search endpoint for research: the results are sources; titles and
 * highlights phrased as questions are candidate prompts.
 */
export function createExaSearch(options: ConnectorOptions): ResearchProvider {
  return {
    id: "exa",
    simulated: false,
    async research(request: ResearchRequest): Promise<ResearchFindings> {
      const body = await postJson<ExaSearchResponse>({
        provider: "Exa",
        url: `${options.baseUrl.replace(/\/+$/, "")}/search`,
        headers: { "x-api-key": options.apiKey },
        body: {
          query: request.seed,
          type: "auto",
          numResults: exaResultsPerSearch,
          contents: { highlights: { numSentences: 3, highlightsPerUrl: 2 } },
        },
        options,
      });
      const results = body.results ?? [];
      const questions = results.flatMap((r) =>
        extractQuestions([r.title ?? "", ...(r.highlights ?? []), r.text ?? ""].join("\n")),
      );
      return {
        questions: [...new Set(questions)],
        sources: dedupeCitations(results),
        costMicrousd: dollarsToMicrousd(body.costDollars?.total) ?? exaSearchPriceMicrousd,
      };
    },
  };
}
