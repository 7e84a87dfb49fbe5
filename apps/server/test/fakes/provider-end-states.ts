/**
 * The providers' documented end states and account failures, as their wire formats carry them,
 * for the fakes to answer: a retired model's 404, answers cut by the output cap, refusals,
 * safety filters and blocked prompts, and accounts without credit. Each builder names its
 * source in the provider's API reference.
 */

/**
 * What each provider answers for a model it retired or never served, as documented: Anthropic
 * `404 not_found_error` ("model: <id>"), Gemini `404 NOT_FOUND` ("models/<id> is not found for
 * API version v1beta, or is not supported for generateContent"), OpenAI `404` with code
 * `model_not_found`, Perplexity `400` with type `invalid_model` (its OpenAI-shaped error body,
 * `code` the status).
 */
export function retiredModelReply(
  provider: "anthropic" | "gemini" | "openai" | "perplexity",
  model: string,
): { status: number; body: unknown } {
  if (provider === "perplexity")
    return {
      status: 400,
      body: {
        error: {
          message: `Invalid model '${model}'. Permitted models can be found in the documentation at https://docs.perplexity.ai/getting-started/models.`,
          type: "invalid_model",
          code: 400,
        },
      },
    };
  if (provider === "anthropic")
    return {
      status: 404,
      body: {
        type: "error",
        error: { type: "not_found_error", message: `model: ${model}` },
        request_id: "req_fake_404",
      },
    };
  if (provider === "gemini")
    return {
      status: 404,
      body: {
        error: {
          code: 404,
          message: `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
          status: "NOT_FOUND",
        },
      },
    };
  return {
    status: 404,
    body: {
      error: {
        message: `The model \`${model}\` does not exist or you do not have access to it.`,
        type: "invalid_request_error",
        param: null,
        code: "model_not_found",
      },
    },
  };
}

/**
 * A Responses API answer that ended `incomplete` (API reference, "The response object":
 * `incomplete_details.reason` is `max_output_tokens` or `content_filter`), with the text written
 * before it stopped (none when `text` is empty).
 */
export function openAiIncomplete(reason: "max_output_tokens" | "content_filter", text: string) {
  return {
    id: "resp_incomplete",
    object: "response",
    status: "incomplete",
    incomplete_details: { reason },
    model: "gpt-4.1-mini-2025-04-14",
    output: [
      {
        type: "web_search_call",
        id: "ws_1",
        status: "completed",
        action: { type: "search", query: "q" },
      },
      ...(text
        ? [
            {
              type: "message",
              id: "msg_1",
              status: "incomplete",
              role: "assistant",
              content: [{ type: "output_text", text, annotations: [] }],
            },
          ]
        : []),
    ],
    usage: { input_tokens: 900, output_tokens: reason === "max_output_tokens" ? 1024 : 40 },
  };
}

/** OpenAI's 429 for an account without credit (Error codes: "You exceeded your current quota"). */
export const openAiInsufficientQuota = {
  error: {
    message:
      "You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
    type: "insufficient_quota",
    param: null,
    code: "insufficient_quota",
  },
};

/**
 * A Messages answer that stopped for `stop_reason` (Handling stop reasons: `refusal` when the
 * model declines, `max_tokens` when the cap cut it), after a search, with `text` after it.
 */
export function anthropicStopped(stopReason: "refusal" | "max_tokens", text: string) {
  return {
    id: "msg_stopped",
    type: "message",
    role: "assistant",
    model: "claude-sonnet-5-5",
    stop_reason: stopReason,
    stop_sequence: null,
    content: [
      { type: "text", text: "I'll search for that." },
      { type: "server_tool_use", id: "srvtoolu_s", name: "web_search", input: { query: "q" } },
      { type: "web_search_tool_result", tool_use_id: "srvtoolu_s", content: [] },
      ...(text ? [{ type: "text", text }] : []),
    ],
    usage: { input_tokens: 3000, output_tokens: 200, server_tool_use: { web_search_requests: 1 } },
  };
}

/** Anthropic's 400 for an account without credit (Errors: invalid_request_error). */
export const anthropicCreditTooLow = {
  type: "error",
  error: {
    type: "invalid_request_error",
    message:
      "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.",
  },
  request_id: "req_fake_credit",
};

/** The text a Gemini answer cut by `MAX_TOKENS` had written (`geminiEnded("cut_with_text")`). */
export const geminiCutText = "Runner Analytics is popular with teams, while Globex";

/**
 * generateContent answers that did not complete (GenerateContentResponse: a prompt blocked in
 * `promptFeedback.blockReason` has no candidates; a candidate's `finishReason` is `SAFETY` with
 * no content, or `MAX_TOKENS` with no parts when thinking used the whole budget, or with the
 * text written before the cap when some was left).
 */
export function geminiEnded(state: "blocked" | "safety" | "thinking_used_cap" | "cut_with_text") {
  // Thinking tokens count against the cap (`thoughtsTokenCount` beside `candidatesTokenCount`).
  const thoughts = state === "thinking_used_cap" ? 2048 : state === "cut_with_text" ? 1600 : 0;
  const written = state === "cut_with_text" ? 448 : 0;
  const usageMetadata = {
    promptTokenCount: 12,
    candidatesTokenCount: written,
    thoughtsTokenCount: thoughts,
    totalTokenCount: 12 + written + thoughts,
  };
  const ratings = [{ category: "HARM_CATEGORY_DANGEROUS_CONTENT", probability: "HIGH" }];
  if (state === "blocked")
    return {
      promptFeedback: { blockReason: "SAFETY", safetyRatings: ratings },
      usageMetadata,
      modelVersion: "gemini-3.5-flash-lite",
    };
  const candidate = {
    safety: { finishReason: "SAFETY", index: 0, safetyRatings: ratings },
    thinking_used_cap: { content: { role: "model" }, finishReason: "MAX_TOKENS", index: 0 },
    cut_with_text: {
      content: { role: "model", parts: [{ text: geminiCutText }] },
      finishReason: "MAX_TOKENS",
      index: 0,
    },
  }[state];
  return { candidates: [candidate], usageMetadata, modelVersion: "gemini-3.5-flash-lite" };
}
