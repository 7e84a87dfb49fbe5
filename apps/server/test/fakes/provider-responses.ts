/**
 * The providers' success answers as their wire formats carry them, built from each API's
 * reference and the pinned SDKs' types, for FakeAnswerEngine to answer with: OpenAI Responses,
 * Perplexity Sonar, Anthropic Messages with web search, Gemini generateContent with grounding,
 * Exa /answer. Those that take a locale end their text with the one they were sent
 * (`localeEcho`). Their end states and failures are in provider-end-states.ts.
 */

import { localeEcho, type SentLocale } from "./fake-locale.js";

/**
 * A Responses API answer with two web searches and three url_citation annotations (one
 * repeated). As the API does, each search call carries the sources it retrieved only when the
 * request's `include` asks for `web_search_call.action.sources`.
 */
export function openAiResponse(
  prompt: string,
  include: readonly string[] = [],
  locale: SentLocale = {},
) {
  const sources = (...urls: string[]) =>
    include.includes("web_search_call.action.sources")
      ? { sources: urls.map((url) => ({ type: "url", url })) }
      : {};
  return {
    id: "resp_fake",
    object: "response",
    status: "completed",
    // The Responses API reports the dated snapshot that served the alias.
    model: "gpt-4.1-mini-2025-04-14",
    output: [
      {
        type: "web_search_call",
        id: "ws_1",
        status: "completed",
        action: {
          type: "search",
          query: `best tools ${prompt}`,
          ...sources("https://runner.example/teams", "https://initech.io/pricing"),
        },
      },
      {
        type: "web_search_call",
        id: "ws_2",
        status: "completed",
        action: {
          type: "search",
          query: "analytics tool comparison",
          ...sources("https://globex.com/compare", "https://review.example/2026"),
        },
      },
      {
        type: "message",
        id: "msg_1",
        role: "assistant",
        status: "completed",
        content: [
          {
            type: "output_text",
            text: `Runner Analytics leads for teams [1], ahead of Globex [2]; see also [1] and [3].${localeEcho(locale)}`,
            annotations: [
              {
                type: "url_citation",
                url: "https://runner.example/teams",
                title: "Runner for teams",
                start_index: 0,
                end_index: 10,
              },
              {
                type: "url_citation",
                url: "https://globex.com/compare",
                title: "Globex comparison",
                start_index: 20,
                end_index: 30,
              },
              {
                type: "url_citation",
                url: "https://runner.example/teams",
                title: "Runner for teams",
                start_index: 40,
                end_index: 50,
              },
              {
                type: "url_citation",
                url: "https://review.example/2026",
                title: "Reviews 2026",
                start_index: 60,
                end_index: 70,
              },
            ],
          },
        ],
      },
    ],
    usage: { input_tokens: 1200, output_tokens: 350, total_tokens: 1550 },
  };
}

/** A Sonar chat completion with citations (one repeated) titled by search_results. */
export function perplexityResponse(prompt: string, locale: SentLocale = {}) {
  return {
    id: "pplx_fake",
    model: "sonar",
    object: "chat.completion",
    choices: [
      {
        index: 0,
        finish_reason: "stop",
        message: {
          role: "assistant",
          content: `For "${prompt}": Runner Analytics [1] and Globex [2] [1].${localeEcho(locale)}`,
        },
      },
    ],
    citations: [
      "https://runner.example/teams",
      "https://globex.com/compare",
      "https://runner.example/teams",
    ],
    search_results: [
      { title: "Globex comparison", url: "https://globex.com/compare", date: "2026-01-01" },
      { title: "Runner for teams", url: "https://runner.example/teams", date: null },
      // Retrieved, not cited.
      { title: "Initech pricing", url: "https://initech.io/pricing", date: null },
    ],
    // Perplexity's own statement of the bill ($6/1k request fee) is above the catalog's $5.
    usage: {
      prompt_tokens: 20,
      completion_tokens: 180,
      total_tokens: 200,
      search_context_size: "low",
      num_search_queries: 1,
      cost: {
        input_tokens_cost: 0.00002,
        output_tokens_cost: 0.00018,
        request_cost: 0.006,
        total_cost: 0.0062,
      },
    },
  };
}

/**
 * A Messages API answer with one web search, its results, and cited text blocks. As the real
 * API does, Claude first says what it will search for, naming brands from the prompt and more
 * (a text block before the tool use), and the answer after the results starts with its own
 * block.
 */
export function anthropicResponse(prompt: string, locale: SentLocale = {}) {
  return {
    id: "msg_fake",
    type: "message",
    role: "assistant",
    model: "claude-sonnet-5-5",
    stop_reason: "end_turn",
    content: [
      {
        type: "text",
        text: "I'll search for current reviews of analytics tools like Initech and Runner Analytics.",
      },
      {
        type: "server_tool_use",
        id: "srvtoolu_1",
        name: "web_search",
        input: { query: `${prompt} 2026` },
      },
      {
        type: "web_search_tool_result",
        tool_use_id: "srvtoolu_1",
        content: [
          {
            type: "web_search_result",
            url: "https://runner.example/teams",
            title: "Runner for teams",
            encrypted_content: "x",
            page_age: null,
          },
          {
            type: "web_search_result",
            url: "https://globex.com/compare",
            title: "Globex comparison",
            encrypted_content: "y",
            page_age: null,
          },
          {
            type: "web_search_result",
            url: "https://initech.io/pricing",
            title: "Initech pricing",
            encrypted_content: "z",
            page_age: null,
          },
        ],
      },
      { type: "text", text: "Based on the search results, " },
      {
        type: "text",
        text: "Runner Analytics is a strong pick",
        citations: [
          {
            type: "web_search_result_location",
            url: "https://runner.example/teams",
            title: "Runner for teams",
            cited_text: "Runner…",
            encrypted_index: "a",
          },
        ],
      },
      { type: "text", text: ", while " },
      {
        type: "text",
        text: "Globex suits enterprises",
        citations: [
          {
            type: "web_search_result_location",
            url: "https://globex.com/compare",
            title: null,
            cited_text: "Globex…",
            encrypted_index: "b",
          },
          {
            type: "web_search_result_location",
            url: "https://runner.example/teams",
            title: "Runner for teams",
            cited_text: "Runner…",
            encrypted_index: "c",
          },
        ],
      },
      { type: "text", text: `.${localeEcho(locale)}` },
    ],
    usage: { input_tokens: 5000, output_tokens: 400, server_tool_use: { web_search_requests: 1 } },
  };
}

/**
 * A grounded generateContent answer with two queries and three chunks, two of them the same
 * page. As on the Gemini API, each chunk's `web.uri` is its own grounding redirect link
 * (`link`: a FakeGroundingRedirects' links, or links to Google's real host that tests cannot
 * reach) and `web.title` is the source's domain, not the page's title.
 */
export function geminiResponse(
  prompt: string,
  options: { link?: (page: string) => string; modelVersion?: string } = {},
) {
  let issued = 0;
  const link =
    options.link ??
    ((page: string) =>
      `https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQ${Buffer.from(`${++issued}:${page}`).toString("base64url")}`);
  const chunk = (page: string, domain: string) => ({ web: { uri: link(page), title: domain } });
  return {
    candidates: [
      {
        content: {
          role: "model",
          parts: [
            { text: "Runner Analytics is popular with teams. " },
            { text: "Globex is an alternative." },
          ],
        },
        finishReason: "STOP",
        groundingMetadata: {
          webSearchQueries: [prompt, "runner analytics review"],
          groundingChunks: [
            chunk("https://runner.example/teams", "runner.example"),
            chunk("https://www.globex.com/compare", "globex.com"),
            chunk("https://runner.example/teams", "runner.example"),
          ],
          groundingSupports: [
            {
              segment: {
                startIndex: 0,
                endIndex: 39,
                text: "Runner Analytics is popular with teams.",
              },
              groundingChunkIndices: [0],
            },
            {
              segment: { startIndex: 40, endIndex: 65, text: "Globex is an alternative." },
              groundingChunkIndices: [1, 2],
            },
          ],
          searchEntryPoint: { renderedContent: "<div></div>" },
        },
      },
    ],
    usageMetadata: {
      promptTokenCount: 10,
      candidatesTokenCount: 300,
      thoughtsTokenCount: 100,
      totalTokenCount: 410,
    },
    modelVersion: options.modelVersion ?? "gemini-3.5-flash-lite",
    responseId: "fake-response-id",
  };
}

/** An Exa /answer response with citations (one repeated) and its cost. */
export function exaResponse(prompt: string, locale: SentLocale = {}) {
  return {
    answer: `Runner Analytics, for "${prompt}".${localeEcho(locale)}`,
    citations: [
      {
        id: "https://runner.example/teams",
        url: "https://runner.example/teams",
        title: "Runner for teams",
        publishedDate: null,
        author: null,
      },
      {
        id: "https://globex.com/compare",
        url: "https://globex.com/compare",
        title: "Globex comparison",
      },
      {
        id: "https://runner.example/teams",
        url: "https://runner.example/teams",
        title: "Runner for teams",
      },
    ],
    requestId: "req_fake",
    // Exa's own statement of the bill, above the catalog's $5 per 1,000 answers.
    costDollars: exaCostDollars({ search: 0.007, contents: 0 }),
  };
}

/** Exa's `costDollars`: the total, its breakdown by search and contents, and the unit prices. */
export function exaCostDollars(parts: { search: number; contents: number }) {
  return {
    total: parts.search + parts.contents,
    breakDown: [
      {
        search: parts.search,
        contents: parts.contents,
        breakdown: {
          neuralSearch: parts.search,
          contentText: 0,
          contentHighlight: parts.contents,
          contentSummary: 0,
        },
      },
    ],
    perRequestPrices: { neuralSearch_1_10_results: 0.007, neuralSearch_additional_result: 0.001 },
    perPagePrices: { contentText: 0.001, contentHighlight: 0.001, contentSummary: 0.001 },
  };
}
