import { costAt } from "../catalog/model-catalog.js";
import { askerLocale } from "../connectors/asker-locale.js";
import { catalogModel } from "../connectors/catalog-model.js";
import { dedupeCitations, distinct, usedNotCited } from "../connectors/citations.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { noAnswerText } from "../connectors/end-states.js";
import { createOpenAiClient } from "../connectors/openai-client.js";
import { callProvider, readAnswer } from "../connectors/provider-call.js";
import {
  type ResponsesAnswer,
  readResponsesOutput,
  responsesAnswer,
} from "../connectors/responses-output.js";
import { joinVersioned } from "../connectors/url.js";
import { type AnswerEnd, type AnswerEngine, EngineError, realEngine } from "../engine.js";

/** A Responses answer that says it failed is a retryable EngineError. */
export function assertCompleted(body: ResponsesAnswer, provider = "OpenAI"): void {
  if (body.status === "failed" || body.error?.message) {
    throw new EngineError(
      `${provider} failed to answer: ${body.error?.message ?? "unknown"}`,
      true,
    );
  }
}

/**
 * OpenAI through the Responses API with the web search tool, on the official
 * client: the answer is the output_text of the message items, citations their
 * url_citation annotations in order, search queries the web_search_call
 * actions. The search is localised to the country of the prompt's region.
 */
export function createOpenAiEngine(options: ConnectorOptions): AnswerEngine {
  const client = createOpenAiClient(options, joinVersioned(options.baseUrl, "v1", ""));
  return realEngine("openai", async (request) => {
    const model = catalogModel(options, "openai", request.model);
    const { country, language } = askerLocale(request.context);
    const raw = await callProvider({
      provider: "OpenAI",
      options,
      signal: request.signal,
      call: (signal) =>
        client.responses.create(
          {
            model: model.apiModel,
            input: request.prompt,
            // Without a location the search is localised to the United States; an
            // approximate location without fields avoids that (the SDK's WebSearchTool).
            // Its user_location has no language field: the language is the prompt's text.
            tools: [
              {
                type: "web_search",
                user_location: country ? { type: "approximate", country } : { type: "approximate" },
              },
            ],
            max_output_tokens: request.maxOutputTokens,
            // What each search retrieved, cited or not.
            include: ["web_search_call.action.sources"],
            // Searches are billed per call: the request's allowance bounds them.
            ...(request.maxSearches ? { max_tool_calls: request.maxSearches } : {}),
          },
          { signal },
        ),
    });
    const body = readAnswer("OpenAI", responsesAnswer, raw);
    assertCompleted(body);
    const { answer, cited, queries, retrieved, searches } = readResponsesOutput(body);
    const end = responsesEnd(body);
    if (!answer) noAnswerText("OpenAI", end);
    const inputTokens = body.usage?.input_tokens ?? 0;
    const outputTokens = body.usage?.output_tokens ?? 0;
    const citations = dedupeCitations(cited);
    return {
      answer,
      end,
      citations,
      usedSources: usedNotCited(retrieved, citations),
      searchQueries: distinct(queries),
      inputTokens,
      outputTokens,
      costMicrousd: costAt(model, {
        inputTokens,
        outputTokens,
        searches,
        requests: 1,
      }),
      servedModel: body.model ?? null,
      country: country ?? null,
      language: language ?? null,
    };
  });
}

/**
 * How a Responses answer ended: `status: incomplete` says why in `incomplete_details.reason`
 * (`max_output_tokens`: truncated; `content_filter`: filtered).
 */
export function responsesEnd(body: ResponsesAnswer): AnswerEnd {
  if (body.status !== "incomplete") return "completed";
  const reason = body.incomplete_details?.reason;
  if (reason === "content_filter") return "filtered";
  return "truncated";
}
