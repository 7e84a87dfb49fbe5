import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { loadConfig } from "../../src/config.js";
import { REAL_ENGINES } from "../../src/engines/engine-registry.js";
import {
  formatSmokeResults,
  SMOKE_PROMPT,
  smokeProviders,
} from "../../src/smoke/smoke-providers.js";
import {
  anthropicResponse,
  exaResponse,
  FakeAnswerEngine,
  geminiResponse,
  openAiResponse,
  perplexityResponse,
} from "../fakes/fake-answer-engine.js";
import { ANSWER_MARKDOWN, FakeBrightData } from "../fakes/fake-brightdata.js";
import { FakeDataForSeo } from "../fakes/fake-dataforseo.js";
import { FakeGroundingRedirects } from "../fakes/fake-grounding-redirects.js";
import { retiredModelReply } from "../fakes/provider-end-states.js";
import { grokResponse } from "../fakes/xai-responses.js";

/**
 * `pnpm smoke:providers` against the fakes, so the script an operator runs with real keys cannot
 * rot: every provider asked once through its real connector, Gemini's links resolved.
 */
const redirects = new FakeGroundingRedirects();
const fakes = {
  openai: new FakeAnswerEngine((r) => openAiResponse(r.body.input, r.body.include)),
  anthropic: new FakeAnswerEngine((r) => anthropicResponse(r.body.messages.at(-1).content)),
  gemini: new FakeAnswerEngine((r) =>
    geminiResponse(r.body.contents[0].parts[0].text, {
      link: (page) => redirects.link(page),
      modelVersion: geminiServes,
    }),
  ),
  perplexity: new FakeAnswerEngine((r) => perplexityResponse(r.body.messages.at(-1).content)),
  exa: new FakeAnswerEngine((r) => exaResponse(r.body.query)),
  grok: new FakeAnswerEngine((r) => grokResponse(r.body)),
};
const clock = new ManualClock("2026-11-27T12:00:00Z");
/** Google's AI Overviews and AI Mode, both through DataForSEO (one account). */
const dataForSeo = new FakeDataForSeo({ now: () => clock.now() });
/** The consumer apps, all through Bright Data (one account). */
const brightData = new FakeBrightData({ now: () => clock.now() });
/** What the Gemini fake says served the answer (Google routes retired models elsewhere). */
let geminiServes = "gemini-3.5-flash-lite";
let env: Record<string, string>;

beforeAll(async () => {
  await Promise.all([
    redirects.start(),
    dataForSeo.start(),
    brightData.start(),
    ...Object.values(fakes).map((f) => f.start()),
  ]);
  env = {
    GEO_CITATION_REDIRECT_HOSTS: "127.0.0.1",
    GEO_FETCH_ALLOW_LOOPBACK: "true",
    GEO_FETCH_PORTS: String(redirects.port),
  };
  for (const [provider, fake] of Object.entries(fakes)) {
    const { envPrefix } = REAL_ENGINES[provider as keyof typeof fakes];
    env[`${envPrefix}_API_KEY`] = `${provider}-smoke-key`;
    env[`${envPrefix}_BASE_URL`] = fake.url;
  }
  env.DATAFORSEO_API_KEY = `${dataForSeo.login}:${dataForSeo.password}`;
  env.DATAFORSEO_BASE_URL = dataForSeo.url;
  env.BRIGHTDATA_API_KEY = brightData.apiKey;
  env.BRIGHTDATA_BASE_URL = brightData.url;
});
afterAll(() =>
  Promise.all([
    redirects.close(),
    dataForSeo.close(),
    brightData.close(),
    ...Object.values(fakes).map((f) => f.close()),
  ]),
);

describe("pnpm smoke:providers", () => {
  it("asks each configured provider once and reports served model, searches, domains and cost", async () => {
    const results = await smokeProviders({ config: loadConfig(env, clock), clock });
    expect(results.map((r) => [r.provider, r.verdict])).toEqual([
      ["openai", "pass"],
      ["perplexity", "warn"],
      ["gemini", "pass"],
      ["anthropic", "pass"],
      ["exa", "warn"],
      ["grok", "pass"],
      ["google_ai_overview", "pass"],
      ["google_ai_mode", "pass"],
      ["chatgpt_app", "pass"],
      ["perplexity_app", "pass"],
      ["gemini_app", "pass"],
      ["copilot_app", "pass"],
    ]);
    // These fakes state a higher bill than the catalog's prices (their connector tests' case).
    for (const r of results.filter((r) => r.provider === "perplexity" || r.provider === "exa"))
      expect(r.summary).toContain("states a higher cost than the model catalog's prices");
    // The dated snapshot of the alias asked is the model asked.
    expect(results[0]).toMatchObject({ servedModel: "gpt-4.1-mini-2025-04-14" });
    const gemini = results.find((r) => r.provider === "gemini");
    expect(gemini).toMatchObject({
      model: "gemini-3.5-flash-lite",
      servedModel: "gemini-3.5-flash-lite",
      searches: 2,
      domains: ["runner.example", "globex.com"],
    });
    expect(gemini?.costMicrousd).toBeGreaterThan(0n);
    expect(results.find((r) => r.provider === "grok")).toMatchObject({
      model: "grok-4.3",
      servedModel: "grok-4.3",
      searches: 2,
      domains: ["runner.example", "globex.com", "initech.io"],
      costMicrousd: 16_055n,
    });
    expect(fakes.grok.requests.at(-1)?.headers.authorization).toBe("Bearer grok-smoke-key");
    // One task posted on each of DataForSEO's endpoints, then fetched until ready.
    expect(dataForSeo.posted.map((p) => p.seType)).toEqual(["organic", "ai_mode"]);
    expect(results.find((r) => r.provider === "google_ai_overview")).toMatchObject({
      model: "dataforseo-serp",
      endState: "completed",
      costMicrousd: 2_400n,
    });
    // One collection triggered on each app's dataset, then watched until ready.
    expect(brightData.snapshots.map((s) => s.dataset)).toEqual([
      "chatgpt",
      "perplexity",
      "gemini",
      "copilot",
    ]);
    expect(results.find((r) => r.provider === "chatgpt_app")).toMatchObject({
      model: "brightdata-app",
      servedModel: "gpt-4o",
      endState: "completed",
      costMicrousd: 5_000n,
      domains: ["globex.com", "initech.io"],
    });
    expect(brightData.snapshots[0]?.inputs[0]).toMatchObject({ prompt: SMOKE_PROMPT });
    expect(ANSWER_MARKDOWN).toContain("Globex");
    expect(fakes.openai.requests.at(-1)?.body).toMatchObject({
      input: SMOKE_PROMPT,
      tools: [{ type: "web_search", user_location: { type: "approximate", country: "US" } }],
    });
    const printed = formatSmokeResults(results);
    expect(printed).toContain("gemini: PASS - answered with 2 citations");
    expect(printed).toContain("cited domains: runner.example, globex.com");
    expect(printed).not.toContain("smoke-key");
  });

  it("skips providers without a key and says why a provider failed", async () => {
    fakes.anthropic.retired.set(
      "claude-sonnet-5-5",
      retiredModelReply("anthropic", "claude-sonnet-5-5"),
    );
    const only = { ...env, OPENAI_API_KEY: "" };
    const results = await smokeProviders({
      config: loadConfig(only, clock),
      clock,
      providers: ["openai", "anthropic"],
    });
    fakes.anthropic.retired.clear();
    expect(results).toMatchObject([
      { provider: "openai", verdict: "skipped", summary: "OPENAI_API_KEY is not set" },
      { provider: "anthropic", verdict: "fail" },
    ]);
    expect(results[1]?.summary).toContain("(404)");
  });

  it("warns when the provider served another model than the one asked", async () => {
    geminiServes = "gemini-3.8-flash";
    const results = await smokeProviders({
      config: loadConfig(env, clock),
      clock,
      providers: ["gemini"],
    });
    geminiServes = "gemini-3.5-flash-lite";
    expect(results).toMatchObject([{ provider: "gemini", verdict: "warn" }]);
    expect(results[0]?.summary).toContain("served by gemini-3.8-flash, not gemini-3.5-flash-lite");
  });
});
