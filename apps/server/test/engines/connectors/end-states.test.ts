import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnthropicEngine } from "../../../src/engines/anthropic/anthropic-engine.js";
import type { ConnectorOptions } from "../../../src/engines/connectors/connector-options.js";
import type { AnswerEngine } from "../../../src/engines/engine.js";
import { createGeminiEngine } from "../../../src/engines/gemini/gemini-engine.js";
import { createOpenAiEngine } from "../../../src/engines/openai/openai-engine.js";
import { createPerplexityEngine } from "../../../src/engines/perplexity/perplexity-engine.js";
import { FakeAnswerEngine, perplexityResponse } from "../../fakes/fake-answer-engine.js";
import {
  anthropicCreditTooLow,
  anthropicStopped,
  geminiCutText,
  geminiEnded,
  openAiIncomplete,
  openAiInsufficientQuota,
} from "../../fakes/provider-end-states.js";
import { catalog, caught, clock, logger, request, secretKey } from "./connector-cases.js";

/**
 * Every end state the providers document, through the real connectors: an answer the output cap
 * cut is kept as truncated, a refusal or a safety filter is an answer (what the buyer sees), the
 * cap reached before any text and an account without credit fail for good, never retried.
 */
const fake = new FakeAnswerEngine(() => ({}));
beforeAll(() => fake.start());
afterAll(() => fake.close());

const engine = (create: (options: ConnectorOptions) => AnswerEngine) =>
  create({ apiKey: secretKey, baseUrl: fake.url, timeoutMs: 5_000, clock, catalog, logger });
const reply = (body: unknown, status = 200) => fake.replies.push({ status, body });

describe("OpenAI end states", () => {
  const openai = () => engine(createOpenAiEngine);

  it("status incomplete for max_output_tokens keeps the text as a truncated answer", async () => {
    reply(openAiIncomplete("max_output_tokens", "Runner Analytics is the tool most"));
    expect(await openai().ask(request("gpt-4.1-mini"))).toMatchObject({
      answer: "Runner Analytics is the tool most",
      end: "truncated",
    });
  });

  it("the cap reached before any text fails for good as truncated", async () => {
    reply(openAiIncomplete("max_output_tokens", ""));
    expect(await caught(openai().ask(request("gpt-4.1-mini")))).toMatchObject({
      retryable: false,
      kind: "truncated",
    });
  });

  it("content_filter is a filtered answer, even without text", async () => {
    reply(openAiIncomplete("content_filter", ""));
    expect(await openai().ask(request("gpt-4.1-mini"))).toMatchObject({
      answer: "",
      end: "filtered",
    });
  });

  it("a 429 insufficient_quota is an account without credit, not rate limiting", async () => {
    reply(openAiInsufficientQuota, 429);
    const error = await caught(openai().ask(request("gpt-4.1-mini")));
    expect(error).toMatchObject({ retryable: false, rateLimited: false, kind: "quota_exhausted" });
    expect(error.message).toContain("no credit left");
  });

  it("a 429 rate_limit_exceeded stays a rate limit", async () => {
    reply(
      { error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" } },
      429,
    );
    expect(await caught(openai().ask(request("gpt-4.1-mini")))).toMatchObject({
      retryable: true,
      rateLimited: true,
      kind: undefined,
    });
  });
});

describe("Anthropic end states", () => {
  const anthropic = () => engine(createAnthropicEngine);

  it("stop_reason refusal is a refused answer", async () => {
    reply(anthropicStopped("refusal", "I can't help with comparing those products."));
    expect(await anthropic().ask(request("claude-sonnet-5-5"))).toMatchObject({
      answer: "I can't help with comparing those products.",
      end: "refused",
    });
    reply(anthropicStopped("refusal", ""));
    expect(await anthropic().ask(request("claude-sonnet-5-5"))).toMatchObject({
      answer: "",
      end: "refused",
    });
  });

  it("stop_reason max_tokens is truncated, and fails for good without text after the search", async () => {
    reply(anthropicStopped("max_tokens", "Runner Analytics leads"));
    expect(await anthropic().ask(request("claude-sonnet-5-5"))).toMatchObject({
      answer: "Runner Analytics leads",
      end: "truncated",
    });
    reply(anthropicStopped("max_tokens", ""));
    expect(await caught(anthropic().ask(request("claude-sonnet-5-5")))).toMatchObject({
      retryable: false,
      kind: "truncated",
    });
  });

  it("a credit balance too low is an account without credit", async () => {
    reply(anthropicCreditTooLow, 400);
    expect(await caught(anthropic().ask(request("claude-sonnet-5-5")))).toMatchObject({
      retryable: false,
      kind: "quota_exhausted",
    });
  });
});

describe("Gemini end states", () => {
  const gemini = () => engine(createGeminiEngine);

  it("a blocked prompt and a SAFETY finish are filtered answers", async () => {
    reply(geminiEnded("blocked"));
    expect(await gemini().ask(request("gemini-3.5-flash-lite"))).toMatchObject({
      answer: "",
      end: "filtered",
      citations: [],
    });
    reply(geminiEnded("safety"));
    expect(await gemini().ask(request("gemini-3.5-flash-lite"))).toMatchObject({
      answer: "",
      end: "filtered",
    });
  });

  it("MAX_TOKENS after some text keeps it as a truncated answer, its thinking billed as output", async () => {
    reply(geminiEnded("cut_with_text"));
    const answer = await gemini().ask(request("gemini-3.5-flash-lite"));
    expect(answer).toMatchObject({
      answer: geminiCutText,
      end: "truncated",
      inputTokens: 12,
      outputTokens: 448 + 1_600,
    });
    // 12 × $0.30/M + 2,048 × $2.50/M, rounded up; no search ran.
    expect(answer.costMicrousd).toBe(5_124n);
  });

  it("MAX_TOKENS with the budget spent on thinking fails for good as truncated", async () => {
    reply(geminiEnded("thinking_used_cap"));
    expect(await caught(gemini().ask(request("gemini-3.5-flash-lite")))).toMatchObject({
      retryable: false,
      kind: "truncated",
    });
  });
});

describe("Perplexity end states", () => {
  it("finish_reason length is truncated", async () => {
    const body = perplexityResponse("q");
    body.choices[0] = { ...body.choices[0], finish_reason: "length" } as (typeof body.choices)[0];
    reply(body);
    expect(await engine(createPerplexityEngine).ask(request("sonar"))).toMatchObject({
      end: "truncated",
    });
  });
});
