import { z } from "zod";
import { costAt } from "../catalog/model-catalog.js";
import { catalogModel, checkStatedCost } from "../connectors/catalog-model.js";
import { dedupeCitations } from "../connectors/citations.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { callProvider, readAnswer } from "../connectors/provider-call.js";
import {
  exaResultsPerSearch,
  extractQuestions,
  type ResearchProvider,
  realResearchProvider,
} from "../research-provider.js";
import { createExaClient } from "./exa-client.js";
import { exaCost, exaResult } from "./exa-engine.js";

/** The parts of a /search response this client reads. */
const exaSearchAnswer = z.object({
  results: z
    .array(
      exaResult.extend({
        text: z.string().nullish(),
        highlights: z.array(z.string()).nullish(),
        summary: z.string().nullish(),
      }),
    )
    .nullish(),
  costDollars: exaCost,
});

/**
 * Exa's search endpoint for research, on the official client: the results
 * are sources; titles and highlights phrased as questions are candidate
 * prompts. The charge is the catalog's: the request fee (which includes the
 * first results with their text and highlights), each result beyond those,
 * and each page summary, as the response returned them.
 */
export function createExaSearch(options: ConnectorOptions): ResearchProvider {
  const client = createExaClient(options);
  const model = catalogModel(options, "exa", options.catalog.defaultId("exa", "research"));
  return realResearchProvider("exa", async (request) => {
    const raw = await callProvider({
      provider: "Exa",
      options,
      call: () =>
        client.search(request.seed, {
          type: "auto",
          numResults: exaResultsPerSearch,
          contents: { highlights: { numSentences: 3, highlightsPerUrl: 2 } },
        }),
    });
    const body = readAnswer("Exa", exaSearchAnswer, raw);
    const results = body.results ?? [];
    const questions = results.flatMap((r) =>
      extractQuestions([r.title ?? "", ...(r.highlights ?? []), r.text ?? ""].join("\n")),
    );
    const costMicrousd = costAt(model, {
      inputTokens: 0,
      outputTokens: 0,
      requests: 1,
      results: results.length,
      summaries: results.filter((r) => r.summary).length,
    });
    checkStatedCost(options, model, body.costDollars?.total, costMicrousd);
    return {
      questions: [...new Set(questions)],
      sources: dedupeCitations(results),
      costMicrousd,
    };
  });
}
