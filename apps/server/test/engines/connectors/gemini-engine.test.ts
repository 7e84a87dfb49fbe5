import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import { createGeminiEngine } from "../../../src/engines/gemini/gemini-engine.js";
import { FakeAnswerEngine, geminiResponse } from "../../fakes/fake-answer-engine.js";
import {
  caught,
  describeFailures,
  expectRetiredModelRefused,
  optionsFor,
  request,
  secretKey,
} from "./connector-cases.js";

const latestPrompt = (r: { body: any }) => r.body.contents.at(-1).parts[0].text;
/** The model of a generateContent path, as Gemini reports it back in `modelVersion`. */
const servedModel = (r: { path: string }) => /\/models\/([^:]+):/.exec(r.path)?.[1] ?? "";

describe("the Gemini connector", () => {
  const fake = new FakeAnswerEngine((r) =>
    geminiResponse(latestPrompt(r), { modelVersion: servedModel(r) }),
  );
  beforeAll(() => fake.start());
  afterAll(() => fake.close());

  it("asks generateContent with Google Search grounding and reads text, chunks, queries, tokens and cost", async () => {
    const engine = createGeminiEngine(optionsFor(fake));
    expect(engine).toMatchObject({ id: "gemini", simulated: false });
    const answer = await engine.ask(request("gemini-3.5-flash-lite"));
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      method: "POST",
      path: "/v1beta/models/gemini-3.5-flash-lite:generateContent",
      body: {
        contents: [{ role: "user", parts: [{ text: "Which analytics tool is best?" }] }],
        tools: [{ googleSearch: {} }],
      },
    });
    // Thinking counts against the output cap: Gemini 3 is asked to think little.
    expect(sent?.body.generationConfig.thinkingConfig).toEqual({ thinkingLevel: "LOW" });
    expect(sent?.headers["x-goog-api-key"]).toBe(secretKey);
    expect(sent?.path).not.toContain(secretKey);
    expect(answer.answer).toBe("Runner Analytics is popular with teams. Globex is an alternative.");
    // Each chunk is its own redirect link, its title the source's domain: resolved when the
    // answer is stored (services/citations), not here.
    expect(answer.citations).toHaveLength(3);
    for (const citation of answer.citations)
      expect(citation.url).toMatch(
        /^https:\/\/vertexaisearch\.cloud\.google\.com\/grounding-api-redirect\//,
      );
    expect(answer.citations.map((c) => c.title)).toEqual([
      "runner.example",
      "globex.com",
      "runner.example",
    ]);
    expect(answer.searchQueries).toEqual([
      "Which analytics tool is best?",
      "runner analytics review",
    ]);
    // Thinking tokens bill as output.
    expect(answer).toMatchObject({ inputTokens: 10, outputTokens: 400 });
    // 10 × $0.30/M + 400 × $2.50/M = 3 + 1,000 µUSD; Gemini 3 bills each of the 2 search
    // queries at $14 per 1,000.
    expect(answer.costMicrousd).toBe(1_003n + 2n * 14_000n);
  });

  it("bills Gemini 2.5 one grounded request, whatever the number of queries", async () => {
    const engine = createGeminiEngine(optionsFor(fake));
    const answer = await engine.ask(request("gemini-2.5-flash"));
    // Gemini 2.5 takes a thinking budget in tokens.
    expect(fake.requests.at(-1)?.body.generationConfig.thinkingConfig).toEqual({
      thinkingBudget: 512,
    });
    // 10 × $0.30/M + 400 × $2.50/M, and one grounded request at $35 per 1,000.
    expect(answer.costMicrousd).toBe(1_003n + 35_000n);
  });

  it("does not bill empty search queries", async () => {
    const engine = createGeminiEngine(optionsFor(fake));
    const answer = await engine.ask(request("gemini-3.5-flash-lite", ""));
    expect(answer.searchQueries).toEqual(["runner analytics review"]);
    expect(answer.costMicrousd).toBe(1_003n + 14_000n);
  });

  it("refuses a model retired on the clock's day without calling Gemini", async () => {
    const engine = createGeminiEngine(
      optionsFor(fake, { clock: new ManualClock("2026-12-01T00:00:00Z") }),
    );
    const seen = fake.requests.length;
    const error = await caught(engine.ask(request("gemini-2.5-flash")));
    expect(error).toMatchObject({ retryable: false });
    expect(error.message).toContain('"gemini-2.5-flash" is retired since 2026-12-01');
    expect(fake.requests.length).toBe(seen);
  });

  it("reads the wait of a 429 from the body's RetryInfo when no header is sent", async () => {
    const engine = createGeminiEngine(optionsFor(fake));
    fake.fail(429, {
      error: {
        code: 429,
        status: "RESOURCE_EXHAUSTED",
        message: "Quota exceeded",
        details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "12s" }],
      },
    });
    expect(await caught(engine.ask(request("gemini-3.5-flash-lite")))).toMatchObject({
      retryable: true,
      retryAfterSeconds: 12,
    });
  });

  it("passes the request's output cap as generationConfig.maxOutputTokens", async () => {
    const engine = createGeminiEngine(optionsFor(fake));
    await engine.ask({ ...request("gemini-3.5-flash-lite"), maxOutputTokens: 300 });
    expect(fake.requests.at(-1)?.body.generationConfig.maxOutputTokens).toBe(300);
    await engine.ask(request("gemini-3.5-flash-lite"));
    expect(fake.requests.at(-1)?.body.generationConfig?.maxOutputTokens).toBeUndefined();
  });
  it("fails without retrying when gemini answers 404 for a model it retired", async () => {
    const engine = createGeminiEngine(optionsFor(fake));
    await expectRetiredModelRefused(fake, engine, "gemini", "gemini-3.5-flash-lite");
  });
  it("reports the served model and no country (grounding takes no location or language)", async () => {
    const engine = createGeminiEngine(optionsFor(fake));
    const answer = await engine.ask(
      request("gemini-3.5-flash-lite", "¿Qué herramienta?", "es", "es"),
    );
    expect(answer).toMatchObject({
      servedModel: "gemini-3.5-flash-lite",
      country: null,
      language: "es",
    });
    expect(JSON.stringify(fake.requests.at(-1)?.body)).not.toContain("ES");
    // retrievalConfig.languageCode is documented for Google Maps grounding only.
    expect(fake.requests.at(-1)?.body).not.toHaveProperty("toolConfig");
  });
});

describeFailures(
  "Gemini",
  (r) => geminiResponse(latestPrompt(r)),
  createGeminiEngine,
  "gemini-3.5-flash-lite",
  (message) => ({ error: { code: 400, message, status: "INVALID_ARGUMENT" } }),
  { retryAfterHeader: false },
);
