import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGeminiEngine } from "../../../src/engines/gemini/gemini-engine.js";
import { FakeAnswerEngine, geminiResponse } from "../../fakes/fake-answer-engine.js";
import {
  catalog,
  caught,
  clock,
  describeFailures,
  logger,
  request,
  secretKey,
} from "./connector-cases.js";

const latestPrompt = (r: { body: any }) => r.body.contents.at(-1).parts[0].text;

describe("the Gemini connector", () => {
  const fake = new FakeAnswerEngine((r) => geminiResponse(latestPrompt(r)));
  beforeAll(() => fake.start());
  afterAll(() => fake.close());

  it("asks generateContent with Google Search grounding and reads text, chunks, queries, tokens and cost", async () => {
    const engine = createGeminiEngine({
      apiKey: secretKey,
      baseUrl: fake.url,
      timeoutMs: 5_000,
      clock,
      catalog,
      logger,
    });
    expect(engine).toMatchObject({ id: "gemini", simulated: false });
    const answer = await engine.ask(request("gemini-2.5-flash"));
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      method: "POST",
      path: "/v1beta/models/gemini-2.5-flash:generateContent",
      body: {
        contents: [{ role: "user", parts: [{ text: "Which analytics tool is best?" }] }],
        tools: [{ googleSearch: {} }],
      },
    });
    expect(sent?.headers["x-goog-api-key"]).toBe(secretKey);
    expect(sent?.path).not.toContain(secretKey);
    expect(answer.answer).toBe("Runner Analytics is popular with teams. Globex is an alternative.");
    expect(answer.citations).toEqual([
      { url: "https://vertexaisearch.example/redirect/1", title: "runner.example" },
      { url: "https://vertexaisearch.example/redirect/2", title: "globex.com" },
    ]);
    expect(answer.searchQueries).toEqual([
      "Which analytics tool is best?",
      "runner analytics review",
    ]);
    // Thinking tokens bill as output.
    expect(answer).toMatchObject({ inputTokens: 10, outputTokens: 400 });
    // 10 × $0.30/M + 400 × $2.50/M = 3 + 1000 µUSD; one grounded request at $35/1k.
    expect(answer.costMicrousd).toBe(1_003n + 35_000n);
  });

  it("reads the wait of a 429 from the body's RetryInfo when no header is sent", async () => {
    const engine = createGeminiEngine({
      apiKey: secretKey,
      baseUrl: fake.url,
      timeoutMs: 5_000,
      clock,
      catalog,
      logger,
    });
    fake.fail(429, {
      error: {
        code: 429,
        status: "RESOURCE_EXHAUSTED",
        message: "Quota exceeded",
        details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "12s" }],
      },
    });
    expect(await caught(engine.ask(request("gemini-2.5-flash")))).toMatchObject({
      retryable: true,
      retryAfterSeconds: 12,
    });
  });

  it("passes the request's output cap as generationConfig.maxOutputTokens", async () => {
    const engine = createGeminiEngine({
      apiKey: secretKey,
      baseUrl: fake.url,
      timeoutMs: 5_000,
      clock,
      catalog,
      logger,
    });
    await engine.ask({ ...request("gemini-2.5-flash"), maxOutputTokens: 300 });
    expect(fake.requests.at(-1)?.body.generationConfig.maxOutputTokens).toBe(300);
    await engine.ask(request("gemini-2.5-flash"));
    expect(fake.requests.at(-1)?.body.generationConfig?.maxOutputTokens).toBeUndefined();
  });
});

describeFailures(
  "Gemini",
  (r) => geminiResponse(latestPrompt(r)),
  createGeminiEngine,
  "gemini-2.5-flash",
  (message) => ({ error: { code: 400, message, status: "INVALID_ARGUMENT" } }),
  { retryAfterHeader: false },
);
