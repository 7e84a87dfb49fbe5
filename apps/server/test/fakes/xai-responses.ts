/**
 * xAI's Responses API as its wire carries it, for FakeAnswerEngine: built from docs.x.ai (web
 * search tool, citations, cost tracking, debugging) and from xAI answers captured in the
 * fixtures of Vercel's `@ai-sdk/xai`. What differs from OpenAI's Responses API: ids are UUIDs;
 * `model` echoes the slug asked for; annotations carry no positions (0/0) and often the URL as
 * title; there is no top-level `citations` on REST answers; usage adds `cost_in_usd_ticks`
 * (1e-10 USD, tool fees included), `num_sources_used` (Live Search's, always 0),
 * `num_server_side_tools_used` and `server_side_tool_usage_details`; errors are
 * `{"code": "<words>", "error": "<message>"}`.
 */

/** grok-4.3's list prices in USD: per input, cached input and output token, per web search call. */
const GROK_43 = { input: 1.25e-6, cachedInput: 0.2e-6, output: 2.5e-6, search: 0.005 };

/**
 * A web-search answer: two searches (the second retrieving a page the answer does not cite),
 * three url_citation annotations with one repeated, reasoning summarised before the message.
 * Without `no_inline_citations` in `include`, the text carries xAI's `[[n]](url)` links.
 */
export function grokResponse(body: {
  model?: string;
  input?: unknown;
  include?: string[];
  max_tool_calls?: number | null;
}) {
  const prompt = typeof body.input === "string" ? body.input : JSON.stringify(body.input);
  const inline = !(body.include ?? []).includes("no_inline_citations");
  const link = (n: number, url: string) => (inline ? ` [[${n}]](${url})` : "");
  const text = `Runner Analytics leads for teams${link(1, "https://runner.example/teams")}, ahead of Globex${link(2, "https://globex.com/compare")}; Initech is cheaper${link(3, "https://initech.io/pricing")}.`;
  const usage = { input: 4144, cached: 1920, output: 350, reasoning: 120, searches: 2 };
  const ticks = Math.round(
    ((usage.input - usage.cached) * GROK_43.input +
      usage.cached * GROK_43.cachedInput +
      usage.output * GROK_43.output +
      usage.searches * GROK_43.search) *
      1e10,
  );
  return {
    id: "1d1a0870-4485-9e15-a5f5-87e29c5f8266",
    object: "response",
    created_at: 0,
    completed_at: 1783075926,
    model: body.model ?? "grok-4.3",
    status: "completed",
    incomplete_details: null,
    error: null,
    output: [
      {
        type: "reasoning",
        id: "rs_1d1a0870",
        status: "completed",
        summary: [{ type: "summary_text", text: "Searching for team analytics tools." }],
      },
      {
        type: "web_search_call",
        id: "ws_1d1a0870-0",
        status: "completed",
        action: {
          type: "search",
          query: `best tools ${prompt}`,
          sources: [
            { type: "url", url: "https://runner.example/teams" },
            { type: "url", url: "https://initech.io/pricing" },
          ],
        },
      },
      {
        type: "web_search_call",
        id: "ws_1d1a0870-1",
        status: "completed",
        action: {
          type: "search",
          query: "analytics tool comparison",
          sources: [
            { type: "url", url: "https://globex.com/compare" },
            { type: "url", url: "https://review.example/2026" },
          ],
        },
      },
      {
        type: "message",
        id: "msg_1d1a0870",
        role: "assistant",
        status: "completed",
        content: [
          {
            type: "output_text",
            text,
            logprobs: [],
            annotations: [
              citation("https://runner.example/teams"),
              citation("https://globex.com/compare", "Globex comparison"),
              citation("https://runner.example/teams"),
              citation("https://initech.io/pricing"),
            ],
          },
        ],
      },
    ],
    tools: [{ type: "web_search" }],
    tool_choice: "auto",
    store: false,
    max_tool_calls: body.max_tool_calls ?? null,
    usage: {
      input_tokens: usage.input,
      input_tokens_details: { cached_tokens: usage.cached },
      output_tokens: usage.output,
      output_tokens_details: { reasoning_tokens: usage.reasoning },
      total_tokens: usage.input + usage.output,
      num_sources_used: 0,
      num_server_side_tools_used: usage.searches,
      cost_in_usd_ticks: ticks,
      server_side_tool_usage_details: {
        web_search_calls: usage.searches,
        x_search_calls: 0,
        code_interpreter_calls: 0,
        file_search_calls: 0,
        mcp_calls: 0,
        document_search_calls: 0,
      },
    },
  };
}

/** xAI's annotations: no positions, the URL as title unless the page's is known. */
function citation(url: string, title = url) {
  return { type: "url_citation", url, title, start_index: 0, end_index: 0 };
}

/** The same answer in xAI's older shape: search calls with JSON `arguments`, no `action`. */
export function grokLegacySearchResponse(body: Parameters<typeof grokResponse>[0]) {
  const answer = grokResponse(body);
  return {
    ...answer,
    output: answer.output.map((item) =>
      item.type === "web_search_call" && "action" in item && item.action
        ? {
            type: "web_search_call",
            id: item.id,
            name: "web_search",
            arguments: JSON.stringify({ query: item.action.query, num_results: 5 }),
            call_id: "",
            status: "completed",
          }
        : item,
    ),
  };
}

/** xAI's error body. */
export function xaiError(code: string, error: string) {
  return { code, error };
}

/** A key xAI does not know (a 400, not a 401: the header was there). */
export const xaiIncorrectKey = xaiError(
  "Client specified an invalid argument",
  "Incorrect API key provided: xa***yz. You can obtain an API key from https://console.x.ai.",
);

/** A team out of credit or at its spending limit (xAI has answered it as 403 and as 429). */
export const xaiCreditsExhausted = xaiError(
  "The caller does not have permission to execute the specified operation",
  "Your team 0f6e1a2b-0000-4000-8000-000000000000 has either used all available credits or reached its monthly spending limit. To continue making API requests, please purchase more credits or raise your spending limit.",
);

/** A prompt xAI's safety checks block (403; xAI bills a fee for it). */
export const xaiContentViolation = xaiError(
  "The caller does not have permission to execute the specified operation",
  "Content violates usage guidelines. Team: 0f6e1a2b-0000-4000-8000-000000000000, API key ID: 7c1d, Model: grok-4.3, Failed check: SAFETY_CHECK_TYPE_BIO",
);

/** A model xAI does not serve. */
export function xaiUnknownModel(model: string) {
  return xaiError(
    "Some requested entity was not found",
    `The model ${model} does not exist or your team 0f6e1a2b-0000-4000-8000-000000000000 does not have access to it. Please ensure you're using the correct API key. If you believe this is an error, contact support@x.ai.`,
  );
}

/** A per-minute limit reached (xAI documents the 429; its body's words are not). */
export const xaiRateLimited = xaiError(
  "Too many requests",
  "Your team has exceeded its requests per minute rate limit for grok-4.3.",
);
