import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAnthropicEngine,
  defaultAnthropicMaxTokens,
} from "../../../src/engines/anthropic/anthropic-engine.js";
import { anthropicResponse, FakeAnswerEngine, sentLocale } from "../../fakes/fake-answer-engine.js";
import {
  describeFailures,
  expectRetiredModelRefused,
  optionsFor,
  request,
  secretKey,
} from "./connector-cases.js";

const latestPrompt = (r: { body: any }) => r.body.messages.at(-1).content;

describe("the Anthropic connector", () => {
  const fake = new FakeAnswerEngine((r) => anthropicResponse(latestPrompt(r), sentLocale(r.body)));
  beforeAll(() => fake.start());
  afterAll(() => fake.close());

  it("asks Messages with the web search tool and reads text, citations, queries, tokens and cost", async () => {
    const engine = createAnthropicEngine(optionsFor(fake));
    expect(engine).toMatchObject({ id: "anthropic", simulated: false });
    const answer = await engine.ask(request("claude-sonnet-5-5"));
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      method: "POST",
      path: "/v1/messages",
      body: {
        model: "claude-sonnet-5-5",
        messages: [{ role: "user", content: "Which analytics tool is best?" }],
        tools: [{ type: "web_search_20250305", name: "web_search", max_uses: 5 }],
      },
    });
    expect(sent?.body.max_tokens).toBeGreaterThan(0);
    // The official client (1.x) sends the key as a bearer token.
    expect(sent?.headers.authorization).toBe(`Bearer ${secretKey}`);
    // The API version is the client's own.
    expect(sent?.headers["anthropic-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The text before the search (which names Initech) is not the answer.
    expect(answer.answer).toBe(
      "Based on the search results, Runner Analytics is a strong pick, while Globex suits enterprises.",
    );
    expect(answer.answer).not.toContain("Initech");
    expect(answer.citations).toEqual([
      { url: "https://runner.example/teams", title: "Runner for teams" },
      // Titled from the search results where the citation has none.
      { url: "https://globex.com/compare", title: "Globex comparison" },
    ]);
    // Search results the answer did not cite.
    expect(answer.usedSources).toEqual([
      { url: "https://initech.io/pricing", title: "Initech pricing" },
    ]);
    expect(answer.searchQueries).toEqual(["Which analytics tool is best? 2026"]);
    expect(answer).toMatchObject({ inputTokens: 5000, outputTokens: 400 });
    // 5000 × $2/M + 400 × $10/M = 10,000 + 4,000 µUSD; one search at $10/1k.
    expect(answer.costMicrousd).toBe(14_000n + 10_000n);
  });

  it("continues a paused turn (stop_reason pause_turn) and sums both turns", async () => {
    const engine = createAnthropicEngine(optionsFor(fake));
    const paused = [
      { type: "server_tool_use", id: "srvtoolu_0", name: "web_search", input: { query: "first" } },
      { type: "web_search_tool_result", tool_use_id: "srvtoolu_0", content: [] },
    ];
    fake.replies.push({
      status: 200,
      body: {
        type: "message",
        role: "assistant",
        stop_reason: "pause_turn",
        content: paused,
        usage: {
          input_tokens: 1000,
          output_tokens: 0,
          server_tool_use: { web_search_requests: 1 },
        },
      },
    });
    const seen = fake.requests.length;
    const answer = await engine.ask(request("claude-sonnet-5-5"));
    const [first, second] = fake.requests.slice(seen);
    expect(fake.requests.length - seen).toBe(2);
    expect(first?.body.messages).toHaveLength(1);
    // The paused content goes back as the assistant turn.
    expect(second?.body.messages).toEqual([
      { role: "user", content: "Which analytics tool is best?" },
      { role: "assistant", content: paused },
    ]);
    expect(answer.searchQueries).toContain("first");
    expect(answer).toMatchObject({ inputTokens: 6000, outputTokens: 400 });
    // 6000 × $2/M + 400 × $10/M = 12,000 + 4,000; two searches at $10/1k.
    expect(answer.costMicrousd).toBe(16_000n + 20_000n);
  });

  it("drops the lead-in before each search, keeps cited text written between searches", async () => {
    const engine = createAnthropicEngine(optionsFor(fake));
    const search = (id: string, query: string, url: string) => [
      { type: "server_tool_use", id, name: "web_search", input: { query } },
      {
        type: "web_search_tool_result",
        tool_use_id: id,
        content: [{ type: "web_search_result", url, title: query, encrypted_content: "e" }],
      },
    ];
    const cite = (url: string) => ({
      type: "web_search_result_location",
      url,
      title: null,
      cited_text: "…",
      encrypted_index: "i",
    });
    fake.replies.push({
      status: 200,
      body: {
        type: "message",
        role: "assistant",
        stop_reason: "end_turn",
        content: [
          { type: "text", text: "Let me look up Initech first." },
          ...search("srvtoolu_a", "initech", "https://initech.io/"),
          { type: "text", text: "Initech is one option", citations: [cite("https://initech.io/")] },
          { type: "text", text: ". Let me also check Runner." },
          ...search("srvtoolu_b", "runner", "https://runner.example/"),
          {
            type: "text",
            text: "Runner Analytics leads",
            citations: [cite("https://runner.example/")],
          },
          { type: "text", text: " for teams." },
        ],
        usage: {
          input_tokens: 100,
          output_tokens: 50,
          server_tool_use: { web_search_requests: 2 },
        },
      },
    });
    const answer = await engine.ask(request("claude-sonnet-5-5"));
    expect(answer.answer).toBe("Initech is one option\n\nRunner Analytics leads for teams.");
    expect(answer.answer).not.toContain("Let me");
    expect(answer.citations).toEqual([
      { url: "https://initech.io/", title: "initech" },
      { url: "https://runner.example/", title: "runner" },
    ]);
    expect(answer.searchQueries).toEqual(["initech", "runner"]);
  });

  it("answers with all the text when Claude did not search", async () => {
    const engine = createAnthropicEngine(optionsFor(fake));
    fake.replies.push({
      status: 200,
      body: {
        type: "message",
        role: "assistant",
        stop_reason: "end_turn",
        content: [
          { type: "text", text: "Runner Analytics" },
          { type: "text", text: " is a common choice." },
        ],
        usage: { input_tokens: 100, output_tokens: 10 },
      },
    });
    const answer = await engine.ask(request("claude-sonnet-5-5"));
    expect(answer.answer).toBe("Runner Analytics is a common choice.");
    expect(answer.citations).toEqual([]);
  });

  it("passes the request's output cap as max_tokens", async () => {
    const engine = createAnthropicEngine(optionsFor(fake));
    await engine.ask({ ...request("claude-sonnet-5-5"), maxOutputTokens: 300 });
    expect(fake.requests.at(-1)?.body.max_tokens).toBe(300);
    await engine.ask(request("claude-sonnet-5-5"));
    // Messages requires max_tokens: the documented default.
    expect(fake.requests.at(-1)?.body.max_tokens).toBe(defaultAnthropicMaxTokens);
  });
  it("fails without retrying when anthropic answers 404 for a model it retired", async () => {
    const engine = createAnthropicEngine(optionsFor(fake));
    await expectRetiredModelRefused(fake, engine, "anthropic", "claude-sonnet-5-5");
  });
  it("tells the web search tool the country of the prompt's region, and reports the served model", async () => {
    const engine = createAnthropicEngine(optionsFor(fake));
    const french = await engine.ask(request("claude-sonnet-5-5", "Quel outil ?", "fr", "fr"));
    expect(fake.requests.at(-1)?.body.tools).toEqual([
      {
        type: "web_search_20250305",
        name: "web_search",
        max_uses: 5,
        user_location: { type: "approximate", country: "FR" },
      },
    ]);
    expect(french).toMatchObject({
      country: "FR",
      language: "fr",
      servedModel: "claude-sonnet-5-5",
    });
    // user_location takes no language: French reached Claude only as the prompt's text.
    expect(french.answer).toMatch(/\(Searched from FR\.\)$/);
    expect(JSON.stringify(fake.requests.at(-1)?.body)).not.toMatch(/language/i);
    const anywhere = await engine.ask(request("claude-sonnet-5-5", "Which tool?", null));
    expect(fake.requests.at(-1)?.body.tools[0].user_location).toBeUndefined();
    expect(anywhere.country).toBeNull();
  });
});

describeFailures(
  "Anthropic",
  (r) => anthropicResponse(latestPrompt(r)),
  createAnthropicEngine,
  "claude-sonnet-5-5",
  (message) => ({ type: "error", error: { type: "authentication_error", message } }),
);
