import { dedupeCitations } from "../connectors/citations.js";
import { type ConnectorOptions, postJson } from "../connectors/http.js";
import { answerCostMicrousd, dollarsToMicrousd } from "../connectors/token-pricing.js";
import type { AnswerEngine, EngineAnswer, EngineRequest } from "../engine.js";
import { EngineError } from "../engine.js";

/** The parts of an /answer response the connector reads. */
interface ExaResponse {
  answer?: string | Record<string, unknown>;
  citations?: Array<{ url?: string; title?: string | null }>;
  costDollars?: { total?: number };
}

/**
 * Exa's answer endpoint: the answer and its citations in order. Exa reports
 * no tokens; the cost is its `costDollars.total` when given, else the list
 * price per answer.
 */
export function createExaEngine(options: ConnectorOptions): AnswerEngine {
  return {
    id: "exa",
    simulated: false,
    async ask(request: EngineRequest): Promise<EngineAnswer> {
      const body = await postJson<ExaResponse>({
        provider: "Exa",
        url: `${options.baseUrl.replace(/\/+$/, "")}/answer`,
        headers: { "x-api-key": options.apiKey },
        body: { query: request.prompt, text: false },
        options,
        signal: request.signal,
      });
      const answer =
        typeof body.answer === "string" ? body.answer.trim() : JSON.stringify(body.answer ?? "");
      if (!answer || answer === '""') throw new EngineError("Exa returned no answer text.", true);
      return {
        answer,
        citations: dedupeCitations(body.citations ?? []),
        searchQueries: [],
        inputTokens: 0,
        outputTokens: 0,
        costMicrousd:
          dollarsToMicrousd(body.costDollars?.total) ??
          answerCostMicrousd("exa", request.model, {
            inputTokens: 0,
            outputTokens: 0,
            searches: 0,
            requests: 1,
          }),
      };
    },
  };
}
