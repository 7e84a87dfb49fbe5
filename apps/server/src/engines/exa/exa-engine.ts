import { z } from "zod";
import { costAt } from "../catalog/model-catalog.js";
import { askerLocale } from "../connectors/asker-locale.js";
import { catalogModel, checkStatedCost } from "../connectors/catalog-model.js";
import { dedupeCitations } from "../connectors/citations.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { callProvider, readAnswer } from "../connectors/provider-call.js";
import { type AnswerEngine, EngineError, realEngine } from "../engine.js";
import { createExaClient } from "./exa-client.js";

/**
 * A cited page or search result, and Exa's `costDollars` (its own statement of the bill, with a
 * breakdown): the connectors charge the catalog's prices and only compare the stated total.
 */
export const exaResult = z.object({ url: z.string().nullish(), title: z.string().nullish() });
export const exaCost = z.object({ total: z.number().nullish() }).nullish();

/** The parts of an /answer response the connector reads. */
const exaAnswer = z.object({
  answer: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  citations: z.array(exaResult).nullish(),
  costDollars: exaCost,
});

/**
 * Exa's answer endpoint, on the official client: the answer and its
 * citations in order. Exa reports no tokens and has no output cap; /answer is
 * priced per request, so the charge is the catalog's price of one request.
 */
export function createExaEngine(options: ConnectorOptions): AnswerEngine {
  const client = createExaClient(options);
  return realEngine("exa", async (request) => {
    const model = catalogModel(options, "exa", request.model);
    const { country, language } = askerLocale(request.context);
    const raw = await callProvider({
      provider: "Exa",
      options,
      signal: request.signal,
      call: () =>
        client.answer(request.prompt, {
          text: false,
          // /answer takes a country and no language: the language is the prompt's text.
          ...(country ? { userLocation: country } : {}),
        }),
    });
    const body = readAnswer("Exa", exaAnswer, raw);
    const answer =
      typeof body.answer === "string" ? body.answer.trim() : JSON.stringify(body.answer ?? "");
    if (!answer || answer === '""') throw new EngineError("Exa returned no answer text.", true);
    const costMicrousd = costAt(model, { inputTokens: 0, outputTokens: 0, requests: 1 });
    checkStatedCost(options, model, body.costDollars?.total, costMicrousd);
    return {
      answer,
      citations: dedupeCitations(body.citations ?? []),
      searchQueries: [],
      inputTokens: 0,
      outputTokens: 0,
      costMicrousd,
      servedModel: null,
      country: country ?? null,
      language: language ?? null,
    };
  });
}
