import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { z } from "zod";
import {
  type CatalogModel,
  costAt,
  SEARCH_CONTEXT_SIZES,
  type SearchContextSize,
} from "../catalog/model-catalog.js";
import { checkStatedCost } from "../connectors/catalog-model.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { noAnswerText } from "../connectors/end-states.js";
import { createOpenAiClient } from "../connectors/openai-client.js";
import { callProvider, readAnswer } from "../connectors/provider-call.js";

/**
 * The parts of a Sonar chat completion the connectors read, Perplexity's own
 * fields (`citations`, `search_results`, `usage.cost`) included: the OpenAI
 * client returns the response body as it came, extra fields and all.
 */
const sonarAnswer = z.object({
  model: z.string().nullish(),
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  citations: z.array(z.string()).nullish(),
  search_results: z
    .array(z.object({ url: z.string().nullish(), title: z.string().nullish() }))
    .nullish(),
  usage: z
    .object({
      prompt_tokens: z.number().nullish(),
      completion_tokens: z.number().nullish(),
      /** The web context the request used, which sets its request fee. */
      search_context_size: z.enum(SEARCH_CONTEXT_SIZES).nullish().catch(undefined),
      num_search_queries: z.number().nullish(),
      /** What Perplexity states it billed, in USD: compared, never charged. */
      cost: z.object({ total_cost: z.number().nullish() }).nullish(),
    })
    .nullish(),
});

/** The web context every Sonar request asks for (Perplexity's default, its cheapest fee). */
const requestedContextSize: SearchContextSize = "low";

export interface SonarAnswer {
  content: string;
  /** The `citations` URLs in order, titled from `search_results`; else the search results. */
  sources: Array<{ url?: string | null; title?: string | null }>;
  /** Every search result, cited or not. */
  searchResults: Array<{ url?: string | null; title?: string | null }>;
  inputTokens: number;
  outputTokens: number;
  /** The reported search context size, else the one asked for. */
  searchContextSize: SearchContextSize;
  searches: number;
  statedUsd: number | undefined;
  /** The model Perplexity reports having served. */
  servedModel: string | null;
  /** The choice's `finish_reason` (`length`: the output cap cut it). */
  finishReason: string | null;
}

/**
 * Asks Perplexity Sonar chat completions through the official OpenAI client
 * pointed at Perplexity's API (its documented OpenAI compatibility), with a
 * low search context. An answer without text is a retryable EngineError, unless the output cap
 * cut it before any text (truncated, not retried).
 */
export function createSonarClient(options: ConnectorOptions) {
  const client = createOpenAiClient(options, options.baseUrl);
  return async (
    params: ChatCompletionCreateParamsNonStreaming,
    signal?: AbortSignal,
    /**
     * The asker's country (ISO 3166-1 alpha-2), sent as `web_search_options.user_location`, and
     * language (ISO 639-1), sent as `search_language_filter` (Sonar's filters: the search keeps
     * results in that language).
     */
    locale: { country?: string | undefined; language?: string | undefined } = {},
  ): Promise<SonarAnswer> => {
    const { country, language } = locale;
    const raw = await callProvider({
      provider: "Perplexity",
      options,
      signal,
      call: (ended) =>
        client.chat.completions.create(
          {
            ...params,
            // Perplexity's own user_location ({ country, latitude?, longitude? }), not OpenAI's.
            web_search_options: {
              search_context_size: requestedContextSize,
              ...(country ? { user_location: { country } } : {}),
            } as ChatCompletionCreateParamsNonStreaming["web_search_options"],
            // Perplexity's own parameter, which the OpenAI client sends as it is.
            ...(language ? { search_language_filter: [language] } : {}),
          },
          { signal: ended },
        ),
    });
    const body = readAnswer("Perplexity", sonarAnswer, raw);
    const content = body.choices?.[0]?.message?.content?.trim() ?? "";
    if (!content)
      noAnswerText(
        "Perplexity",
        body.choices?.[0]?.finish_reason === "length" ? "truncated" : "completed",
      );
    const results = body.search_results ?? [];
    const titles = new Map(results.map((r) => [r.url, r.title]));
    return {
      content,
      sources:
        body.citations && body.citations.length > 0
          ? body.citations.map((url) => ({ url, title: titles.get(url) }))
          : results,
      searchResults: results,
      inputTokens: body.usage?.prompt_tokens ?? 0,
      outputTokens: body.usage?.completion_tokens ?? 0,
      searchContextSize: body.usage?.search_context_size ?? requestedContextSize,
      searches: body.usage?.num_search_queries ?? 0,
      statedUsd: body.usage?.cost?.total_cost ?? undefined,
      servedModel: body.model ?? null,
      finishReason: body.choices?.[0]?.finish_reason ?? null,
    };
  };
}

/**
 * What a Sonar answer is charged: its tokens, searches and the request fee of its search
 * context size at the catalog's prices. Perplexity's stated cost is only compared.
 */
export function sonarCost(options: ConnectorOptions, model: CatalogModel, sonar: SonarAnswer) {
  const costMicrousd = costAt(model, {
    inputTokens: sonar.inputTokens,
    outputTokens: sonar.outputTokens,
    searches: sonar.searches,
    requests: 1,
    searchContextSize: sonar.searchContextSize,
  });
  checkStatedCost(options, model, sonar.statedUsd, costMicrousd);
  return costMicrousd;
}
