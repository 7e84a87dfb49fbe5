import { z } from "zod";
import { costAt } from "../catalog/model-catalog.js";
import { askerLanguage } from "../connectors/asker-locale.js";
import { catalogModel, checkStatedCost } from "../connectors/catalog-model.js";
import { dedupeCitations, distinct, usedNotCited } from "../connectors/citations.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { noAnswerText } from "../connectors/end-states.js";
import { createOpenAiClient } from "../connectors/openai-client.js";
import { callProvider, readAnswer } from "../connectors/provider-call.js";
import { readResponsesOutput, responsesAnswer } from "../connectors/responses-output.js";
import { joinVersioned } from "../connectors/url.js";
import { type AnswerEngine, realEngine } from "../engine.js";
import { assertCompleted, responsesEnd } from "../openai/openai-engine.js";

/** xAI's additions to a Responses answer: what it billed, and its server-side tool calls. */
const grokAnswer = responsesAnswer.extend({
  usage: z
    .object({
      input_tokens: z.number().nullish(),
      output_tokens: z.number().nullish(),
      // The billed amount, tool fees included, in ticks of 1e-10 USD.
      cost_in_usd_ticks: z.number().nullish(),
      server_side_tool_usage_details: z
        .object({ web_search_calls: z.number().nullish() })
        .nullish(),
    })
    .nullish(),
  // Documented for xAI's SDK responses; read when a REST answer carries it.
  citations: z.array(z.string()).nullish(),
});

const TICKS_PER_USD = 1e10;

/** The catalog's thinking level as xAI's reasoning effort. */
const reasoningEffort = { MINIMAL: "low", LOW: "low", MEDIUM: "medium", HIGH: "high" } as const;

/**
 * Grok through xAI's Responses API (the only xAI API with web search; its Live Search
 * `search_parameters` answer 410) with the `web_search` tool, on the official OpenAI client
 * pointed at api.x.ai. The answer is the message's output_text without xAI's inline
 * `[[n]](url)` links (`include: no_inline_citations`), citations its url_citation annotations
 * (else the answer's `citations` list), search queries and retrieved sources the web search
 * calls'. xAI documents no location for REST web search: the asker's country is not sent
 * (the prompt's language is in its text, as for every engine). Searches are billed per
 * successful call (`server_side_tool_usage_details.web_search_calls`); `max_tool_calls`
 * bounds them, and an answer is charged at most its ceiling whatever xAI reports.
 */
export function createGrokEngine(options: ConnectorOptions): AnswerEngine {
  const client = createOpenAiClient(options, joinVersioned(options.baseUrl, "v1", ""));
  return realEngine("grok", async (request) => {
    const model = catalogModel(options, "grok", request.model);
    const raw = await callProvider({
      provider: "xAI",
      options,
      signal: request.signal,
      call: (signal) =>
        client.responses.create(
          {
            model: model.apiModel,
            input: request.prompt,
            tools: [{ type: "web_search" }],
            include: ["no_inline_citations" as never],
            max_output_tokens: request.maxOutputTokens,
            // grok-4.5 and later reason at high effort by default, which the output cap (thinking
            // counts as output) would cut before any text: the catalog's level sets it.
            ...(model.thinking?.level
              ? { reasoning: { effort: reasoningEffort[model.thinking.level] } }
              : {}),
            store: false,
            ...(request.maxSearches ? { max_tool_calls: request.maxSearches } : {}),
          },
          { signal },
        ),
    });
    const body = readAnswer("xAI", grokAnswer, raw);
    assertCompleted(body, "xAI");
    const output = readResponsesOutput(body);
    const end = responsesEnd(body);
    if (!output.answer) noAnswerText("xAI", end);
    const inputTokens = body.usage?.input_tokens ?? 0;
    const outputTokens = body.usage?.output_tokens ?? 0;
    const searches =
      body.usage?.server_side_tool_usage_details?.web_search_calls ?? output.searches;
    const citations = dedupeCitations(
      output.cited.length > 0 ? output.cited : (body.citations ?? []).map((url) => ({ url })),
    );
    const costMicrousd = costAt(model, { inputTokens, outputTokens, searches, requests: 1 });
    const ticks = body.usage?.cost_in_usd_ticks;
    checkStatedCost(
      options,
      model,
      typeof ticks === "number" ? ticks / TICKS_PER_USD : null,
      costMicrousd,
    );
    return {
      answer: output.answer,
      end,
      citations,
      usedSources: usedNotCited(output.retrieved, citations),
      searchQueries: distinct(output.queries),
      inputTokens,
      outputTokens,
      costMicrousd,
      // xAI echoes the slug asked for, even when it served a retired slug with another model.
      servedModel: body.model ?? null,
      country: null,
      language: askerLanguage(request.context.language) ?? null,
    };
  });
}
