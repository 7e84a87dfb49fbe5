import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPerplexityEngine } from "../../../src/engines/perplexity/perplexity-engine.js";
import {
  FakeAnswerEngine,
  perplexityResponse,
  sentLocale,
} from "../../fakes/fake-answer-engine.js";
import {
  catalog,
  clock,
  describeFailures,
  expectRetiredModelRefused,
  logger,
  optionsFor,
  request,
  secretKey,
  warnings,
} from "./connector-cases.js";

const latestPrompt = (r: { body: any }) => r.body.messages.at(-1).content;

describe("the Perplexity connector", () => {
  const fake = new FakeAnswerEngine((r) => perplexityResponse(latestPrompt(r), sentLocale(r.body)));
  beforeAll(() => fake.start());
  afterAll(() => fake.close());

  it("asks Sonar chat completions and reads text, titled citations, tokens and cost", async () => {
    warnings.length = 0;
    const engine = createPerplexityEngine(optionsFor(fake));
    expect(engine).toMatchObject({ id: "perplexity", simulated: false });
    const answer = await engine.ask(request("sonar"));
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      method: "POST",
      path: "/chat/completions",
      body: {
        model: "sonar",
        messages: [{ role: "user", content: "Which analytics tool is best?" }],
        web_search_options: { search_context_size: "low" },
      },
    });
    expect(sent?.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(answer.answer).toMatch(/Runner Analytics \[1\]/);
    expect(answer.citations).toEqual([
      { url: "https://runner.example/teams", title: "Runner for teams" },
      { url: "https://globex.com/compare", title: "Globex comparison" },
    ]);
    expect(answer.usedSources).toEqual([
      { url: "https://initech.io/pricing", title: "Initech pricing" },
    ]);
    expect(answer.searchQueries).toEqual([]);
    expect(answer).toMatchObject({ inputTokens: 20, outputTokens: 180 });
    // 200 tokens at $1/M = 200 µUSD, plus the low context's $5/1k request fee; Perplexity
    // states $0.0062 (a $6/1k fee): charged the catalog's, and the operator is warned.
    expect(answer.costMicrousd).toBe(200n + 5_000n);
    expect(warnings).toEqual([
      {
        details: {
          provider: "perplexity",
          model: "sonar",
          statedMicrousd: 6_200,
          chargedMicrousd: 5_200,
        },
        message: expect.stringMatching(/higher cost than the model catalog/),
      },
    ]);
  });

  it("charges the catalog's fee of the search context size used, never Perplexity's stated cost", async () => {
    warnings.length = 0;
    const engine = createPerplexityEngine(optionsFor(fake));
    const billed = perplexityResponse("Which analytics tool is best?");
    fake.replies.push({
      status: 200,
      body: {
        ...billed,
        usage: {
          ...billed.usage,
          search_context_size: "high",
          cost: {
            input_tokens_cost: 0.00002,
            output_tokens_cost: 0.00018,
            request_cost: 0.008,
            total_cost: 0.0082,
          },
        },
      },
    });
    const answer = await engine.ask(request("sonar"));
    // 200 tokens at $1/M plus the high context's $12/1k fee; Perplexity's lower $0.0082 is not charged.
    expect(answer.costMicrousd).toBe(200n + 12_000n);
    expect(warnings).toEqual([]);
  });

  it("falls back to search_results in order when no citations list is given", async () => {
    const fake2 = new FakeAnswerEngine((r) => ({
      ...perplexityResponse(latestPrompt(r)),
      citations: undefined,
    }));
    await fake2.start();
    try {
      const engine = createPerplexityEngine({
        apiKey: secretKey,
        baseUrl: fake2.url,
        timeoutMs: 5_000,
        clock,
        catalog,
        logger,
      });
      const answer = await engine.ask(request("sonar-pro"));
      // Without a citations list every search result is cited: none is only "used".
      expect(answer.citations.map((c) => c.url)).toEqual([
        "https://globex.com/compare",
        "https://runner.example/teams",
        "https://initech.io/pricing",
      ]);
      expect(answer.usedSources).toEqual([]);
      // sonar-pro: 20 × $3/M + 180 × $15/M = 60 + 2700 µUSD, plus $6/1k (low context).
      expect(answer.costMicrousd).toBe(2_760n + 6_000n);
    } finally {
      await fake2.close();
    }
  });

  it("passes the request's output cap as max_tokens", async () => {
    const engine = createPerplexityEngine(optionsFor(fake));
    await engine.ask({ ...request("sonar"), maxOutputTokens: 300 });
    expect(fake.requests.at(-1)?.body.max_tokens).toBe(300);
    await engine.ask(request("sonar"));
    expect(fake.requests.at(-1)?.body).not.toHaveProperty("max_tokens");
  });
  it("fails without retrying when Perplexity answers 400 invalid_model for a model it retired", async () => {
    const engine = createPerplexityEngine(optionsFor(fake));
    await expectRetiredModelRefused(fake, engine, "perplexity", "sonar-pro");
  });

  it("sends the region's country as web_search_options.user_location and the language as search_language_filter", async () => {
    const engine = createPerplexityEngine(optionsFor(fake));
    const answer = await engine.ask(request("sonar", "¿Qué herramienta?", "es", "es"));
    expect(fake.requests.at(-1)?.body).toMatchObject({
      web_search_options: { search_context_size: "low", user_location: { country: "ES" } },
      search_language_filter: ["es"],
    });
    expect(answer).toMatchObject({ country: "ES", language: "es", servedModel: "sonar" });
    // The fake searched in Spanish from Spain, as it was told.
    expect(answer.answer).toMatch(/\(Buscado en español desde ES\.\)$/);
    const french = await engine.ask(request("sonar", "Quel outil ?", "eu-west", "fr"));
    expect(fake.requests.at(-1)?.body.web_search_options).toEqual({ search_context_size: "low" });
    expect(fake.requests.at(-1)?.body.search_language_filter).toEqual(["fr"]);
    expect(french).toMatchObject({ country: null, language: "fr" });
    expect(french.answer).toMatch(/\(Recherché en français\.\)$/);
  });
});

describeFailures(
  "Perplexity",
  (r) => perplexityResponse(latestPrompt(r)),
  createPerplexityEngine,
  "sonar",
  (message) => ({ error: { message, type: "invalid_request_error", code: 400 } }),
);
