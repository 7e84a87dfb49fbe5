import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiEngine } from "../../../src/engines/openai/openai-engine.js";
import { FakeAnswerEngine, openAiResponse, sentLocale } from "../../fakes/fake-answer-engine.js";
import {
  catalog,
  clock,
  describeFailures,
  expectRetiredModelRefused,
  logger,
  optionsFor,
  request,
  secretKey,
} from "./connector-cases.js";

describe("the OpenAI connector", () => {
  const fake = new FakeAnswerEngine((r) =>
    openAiResponse(r.body.input, r.body.include, sentLocale(r.body)),
  );
  beforeAll(() => fake.start());
  afterAll(() => fake.close());

  it("asks the Responses API with web search and reads text, citations, queries, tokens and cost", async () => {
    const engine = createOpenAiEngine(optionsFor(fake));
    expect(engine).toMatchObject({ id: "openai", simulated: false });
    const answer = await engine.ask(request("gpt-4.1-mini"));
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      method: "POST",
      path: "/v1/responses",
      body: {
        model: "gpt-4.1-mini",
        input: "Which analytics tool is best?",
        tools: [{ type: "web_search" }],
      },
    });
    expect(sent?.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(answer.answer).toMatch(/^Runner Analytics leads/);
    expect(answer.citations).toEqual([
      { url: "https://runner.example/teams", title: "Runner for teams" },
      { url: "https://globex.com/compare", title: "Globex comparison" },
      { url: "https://review.example/2026", title: "Reviews 2026" },
    ]);
    // The sources each search retrieved were asked for; the one not cited is "used".
    expect(sent?.body.include).toEqual(["web_search_call.action.sources"]);
    expect(answer.usedSources).toEqual([{ url: "https://initech.io/pricing", title: null }]);
    expect(answer.searchQueries).toEqual([
      "best tools Which analytics tool is best?",
      "analytics tool comparison",
    ]);
    expect(answer).toMatchObject({ inputTokens: 1200, outputTokens: 350 });
    // 1200 × $0.40/M + 350 × $1.60/M = 480 + 560 µUSD; two searches at $10/1k.
    expect(answer.costMicrousd).toBe(480n + 560n + 20_000n);
  });

  it("accepts a base URL that already ends in /v1", async () => {
    const engine = createOpenAiEngine({
      apiKey: secretKey,
      baseUrl: `${fake.url}/v1`,
      timeoutMs: 5_000,
      clock,
      catalog,
      logger,
    });
    await engine.ask(request("gpt-4.1"));
    expect(fake.requests.at(-1)?.path).toBe("/v1/responses");
  });

  it("passes the request's output cap as max_output_tokens", async () => {
    const engine = createOpenAiEngine(optionsFor(fake));
    await engine.ask({ ...request("gpt-4.1-mini"), maxOutputTokens: 300 });
    expect(fake.requests.at(-1)?.body.max_output_tokens).toBe(300);
    await engine.ask(request("gpt-4.1-mini"));
    expect(fake.requests.at(-1)?.body).not.toHaveProperty("max_output_tokens");
  });
  it("fails without retrying when openai answers 404 for a model it retired", async () => {
    const engine = createOpenAiEngine(optionsFor(fake));
    await expectRetiredModelRefused(fake, engine, "openai", "gpt-4.1-mini");
  });
  it("localises the web search to the country of the prompt's region, and never to the US by default", async () => {
    const engine = createOpenAiEngine(optionsFor(fake));
    const spanish = await engine.ask(
      request("gpt-4.1-mini", "¿Qué herramienta de analítica?", "es", "es"),
    );
    expect(fake.requests.at(-1)?.body.tools).toEqual([
      { type: "web_search", user_location: { type: "approximate", country: "ES" } },
    ]);
    expect(spanish).toMatchObject({
      country: "ES",
      language: "es",
      servedModel: "gpt-4.1-mini-2025-04-14",
    });
    // The fake searched from the country it was sent; user_location has no language field, so
    // the language reached OpenAI only as the prompt's text.
    expect(spanish.answer).toMatch(/\(Searched from ES\.\)$/);
    expect(JSON.stringify(fake.requests.at(-1)?.body)).not.toMatch(/language/i);
    // No country: an approximate location without fields, so OpenAI does not assume the US.
    const anywhere = await engine.ask(request("gpt-4.1-mini", "Which tool?", "eu-west"));
    expect(fake.requests.at(-1)?.body.tools).toEqual([
      { type: "web_search", user_location: { type: "approximate" } },
    ]);
    expect(anywhere.country).toBeNull();
  });
});

describeFailures(
  "OpenAI",
  (r) => openAiResponse(r.body.input, r.body.include),
  createOpenAiEngine,
  "gpt-4.1-mini",
  (message) => ({ error: { message, type: "invalid_request_error", code: null } }),
);
