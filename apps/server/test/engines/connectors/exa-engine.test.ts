import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExaEngine } from "../../../src/engines/exa/exa-engine.js";
import { exaResponse, FakeAnswerEngine, sentLocale } from "../../fakes/fake-answer-engine.js";
import {
  catalog,
  clock,
  describeFailures,
  logger,
  optionsFor,
  request,
  secretKey,
  warnings,
} from "./connector-cases.js";

describe("the Exa connector", () => {
  const fake = new FakeAnswerEngine((r) => exaResponse(r.body.query, sentLocale(r.body)));
  beforeAll(() => fake.start());
  afterAll(() => fake.close());

  it("asks /answer and reads the answer and ordered citations; charges the catalog's price, warning of Exa's higher stated cost", async () => {
    warnings.length = 0;
    const engine = createExaEngine(optionsFor(fake));
    expect(engine).toMatchObject({ id: "exa", simulated: false });
    const answer = await engine.ask(request("exa"));
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      method: "POST",
      path: "/answer",
      body: { query: "Which analytics tool is best?", text: false },
    });
    expect(sent?.headers["x-api-key"]).toBe(secretKey);
    expect(answer.answer).toMatch(/^Runner Analytics/);
    expect(answer.citations).toEqual([
      { url: "https://runner.example/teams", title: "Runner for teams" },
      { url: "https://globex.com/compare", title: "Globex comparison" },
    ]);
    expect(answer).toMatchObject({ searchQueries: [], inputTokens: 0, outputTokens: 0 });
    // The catalog's $5 per 1,000 answers, not the $0.007 Exa states (logged: the catalog is stale).
    expect(answer.costMicrousd).toBe(5_000n);
    expect(warnings).toEqual([
      {
        details: { provider: "exa", model: "exa", statedMicrousd: 7_000, chargedMicrousd: 5_000 },
        message: expect.stringMatching(/higher cost than the model catalog/),
      },
    ]);
  });

  it("prices an answer without costDollars at the list price, with no warning", async () => {
    warnings.length = 0;
    const fake2 = new FakeAnswerEngine((r) => ({
      ...exaResponse(r.body.query),
      costDollars: undefined,
    }));
    await fake2.start();
    try {
      const engine = createExaEngine({
        apiKey: secretKey,
        baseUrl: fake2.url,
        timeoutMs: 5_000,
        clock,
        catalog,
        logger,
      });
      expect((await engine.ask(request("exa"))).costMicrousd).toBe(5_000n);
      expect(warnings).toEqual([]);
    } finally {
      await fake2.close();
    }
  });
  it("sends the country of the prompt's region as userLocation", async () => {
    const engine = createExaEngine(optionsFor(fake));
    const answer = await engine.ask(request("exa", "Quelle outil ?", "uk", "fr"));
    expect(fake.requests.at(-1)?.body.userLocation).toBe("GB");
    expect(answer).toMatchObject({ country: "GB", language: "fr", servedModel: null });
    // /answer takes no language: French reached Exa only as the prompt's text.
    expect(answer.answer).toMatch(/\(Searched from GB\.\)$/);
    expect(JSON.stringify(fake.requests.at(-1)?.body)).not.toMatch(/language/i);
    await engine.ask(request("exa", "Which tool?", null));
    expect(fake.requests.at(-1)?.body.userLocation).toBeUndefined();
  });
});

describeFailures(
  "Exa",
  (r) => exaResponse(r.body.query),
  createExaEngine,
  "exa",
  (message) => ({ requestId: "req_x", error: message, tag: "INVALID_REQUEST" }),
  { retryAfterHeader: false },
);
