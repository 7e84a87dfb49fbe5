import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGrokEngine } from "../../../src/engines/grok/grok-engine.js";
import { FakeAnswerEngine } from "../../fakes/fake-answer-engine.js";
import {
  grokLegacySearchResponse,
  grokResponse,
  xaiContentViolation,
  xaiCreditsExhausted,
  xaiError,
  xaiIncorrectKey,
  xaiUnknownModel,
} from "../../fakes/xai-responses.js";
import {
  caught,
  describeFailures,
  optionsFor,
  request,
  secretKey,
  warnings,
} from "./connector-cases.js";

describe("the Grok connector", () => {
  const fake = new FakeAnswerEngine((r) => grokResponse(r.body));
  beforeAll(() => fake.start());
  afterAll(() => fake.close());

  it("asks xAI's Responses API with web search and reads text, citations, sources, queries and cost", async () => {
    const engine = createGrokEngine(optionsFor(fake));
    expect(engine).toMatchObject({ id: "grok", simulated: false });
    const answer = await engine.ask({ ...request("grok-4.3"), maxSearches: 3 });
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      method: "POST",
      path: "/v1/responses",
      body: {
        model: "grok-4.3",
        input: "Which analytics tool is best?",
        tools: [{ type: "web_search" }],
        // Without it xAI writes `[[n]](url)` links into the text.
        include: ["no_inline_citations"],
        store: false,
        max_tool_calls: 3,
        // The catalog's thinking level: later Groks reason at high effort unless told.
        reasoning: { effort: "low" },
      },
    });
    expect(sent?.headers.authorization).toBe(`Bearer ${secretKey}`);
    // Nothing xAI does not document for REST web search (a location) is sent.
    expect(sent?.body.tools[0]).toEqual({ type: "web_search" });
    expect(answer.answer).toBe(
      "Runner Analytics leads for teams, ahead of Globex; Initech is cheaper.",
    );
    // xAI's annotations carry the URL as title when it has no page title.
    expect(answer.citations).toEqual([
      { url: "https://runner.example/teams", title: "https://runner.example/teams" },
      { url: "https://globex.com/compare", title: "Globex comparison" },
      { url: "https://initech.io/pricing", title: "https://initech.io/pricing" },
    ]);
    expect(answer.usedSources).toEqual([{ url: "https://review.example/2026", title: null }]);
    expect(answer.searchQueries).toEqual([
      "best tools Which analytics tool is best?",
      "analytics tool comparison",
    ]);
    expect(answer).toMatchObject({
      end: "completed",
      inputTokens: 4144,
      outputTokens: 350,
      servedModel: "grok-4.3",
      country: null,
      language: "en",
    });
    // 4,144 × $1.25/M + 350 × $2.50/M = 5,180 + 875 µUSD; two searches at $5/1k. xAI states
    // less (its cached input is cheaper), so nothing is warned.
    expect(answer.costMicrousd).toBe(5_180n + 875n + 10_000n);
    expect(warnings.filter((w) => JSON.stringify(w.details).includes("grok"))).toEqual([]);
  });

  it("reads search queries from xAI's older search items (JSON arguments, no action)", async () => {
    const legacy = new FakeAnswerEngine((r) => grokLegacySearchResponse(r.body));
    await legacy.start();
    try {
      const answer = await createGrokEngine(optionsFor(legacy)).ask(request("grok-4.3"));
      expect(answer.searchQueries).toEqual([
        "best tools Which analytics tool is best?",
        "analytics tool comparison",
      ]);
      expect(answer.usedSources).toEqual([]);
      expect(answer.citations).toHaveLength(3);
    } finally {
      await legacy.close();
    }
  });

  it("warns the operator when xAI states more than the catalog charges", async () => {
    const pricey = new FakeAnswerEngine((r) => {
      const body = grokResponse(r.body);
      return { ...body, usage: { ...body.usage, cost_in_usd_ticks: 1_000_000_000 } };
    });
    await pricey.start();
    try {
      const before = warnings.length;
      const answer = await createGrokEngine(optionsFor(pricey)).ask(request("grok-4.3"));
      expect(answer.costMicrousd).toBe(16_055n);
      expect(warnings.slice(before)).toEqual([
        expect.objectContaining({
          details: expect.objectContaining({ provider: "grok", statedMicrousd: 100_000 }),
        }),
      ]);
    } finally {
      await pricey.close();
    }
  });

  it("refuses a retired Grok model before asking (xAI would answer it with another model)", async () => {
    const seen = fake.requests.length;
    const error = await caught(createGrokEngine(optionsFor(fake)).ask(request("grok-3")));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/retired since 2026-05-15/);
    expect(fake.requests.length).toBe(seen);
  });

  it("says which model xAI does not serve (404), without retrying", async () => {
    fake.fail(404, xaiUnknownModel("grok-4.3"));
    const error = await caught(createGrokEngine(optionsFor(fake)).ask(request("grok-4.3")));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/xAI does not serve what was asked \(404\): The model grok-4\.3/);
  });

  it("reads xAI's 400 for a wrong key as a rejected key, and its credit refusals as quota_exhausted", async () => {
    const engine = createGrokEngine(optionsFor(fake));
    fake.fail(400, xaiIncorrectKey);
    const wrongKey = await caught(engine.ask(request("grok-4.3")));
    expect(wrongKey).toMatchObject({ retryable: false, kind: undefined });
    expect(wrongKey.message).toMatch(/xAI rejected the API key \(400\)/);
    // xAI has answered an exhausted team both ways; neither is a rate limit.
    for (const status of [403, 429]) {
      fake.fail(status, xaiCreditsExhausted);
      const error = await caught(engine.ask(request("grok-4.3")));
      expect(error).toMatchObject({
        retryable: false,
        rateLimited: false,
        kind: "quota_exhausted",
      });
      expect(error.message).toMatch(new RegExp(`no credit left \\(${status}\\)`));
    }
  });

  it("fails a prompt xAI's safety checks block (403) for good, not as a key problem", async () => {
    fake.fail(403, xaiContentViolation);
    const error = await caught(createGrokEngine(optionsFor(fake)).ask(request("grok-4.3")));
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      "xAI refused the prompt under its usage guidelines (403); asking again does not help.",
    );
  });

  it("keeps a truncated answer's text and fails one the cap cut before any text", async () => {
    const engine = createGrokEngine(optionsFor(fake));
    const cut = (text: string | null) => (r: { body: Parameters<typeof grokResponse>[0] }) => {
      const body = grokResponse(r.body);
      return {
        ...body,
        status: "incomplete",
        incomplete_details: { reason: "max_output_tokens" },
        output: body.output.map((item) =>
          item.type === "message" && "content" in item
            ? { ...item, content: text === null ? [] : [{ ...item.content?.[0], text }] }
            : item,
        ),
      };
    };
    fake.fail(200, cut("Runner Analytics leads")({ body: { model: "grok-4.3" } }));
    expect(await engine.ask(request("grok-4.3"))).toMatchObject({
      answer: "Runner Analytics leads",
      end: "truncated",
    });
    fake.fail(200, cut(null)({ body: { model: "grok-4.3" } }));
    expect(await caught(engine.ask(request("grok-4.3")))).toMatchObject({
      retryable: false,
      kind: "truncated",
    });
  });
});

describeFailures(
  "xAI",
  (r) => grokResponse(r.body),
  createGrokEngine,
  "grok-4.3",
  (message) => xaiError("Client specified an invalid argument", message),
);
