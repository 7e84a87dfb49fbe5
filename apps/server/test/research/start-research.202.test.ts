import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeAnswerEngine } from "../fakes/fake-answer-engine.js";
import { exaSearchResponse, sonarQuestionsResponse } from "../fakes/fake-research-providers.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import {
  balanceOf,
  suggestionsOf,
  waitForFinish,
} from "../prompt-generation/discovery-fixtures.js";

const exa = new FakeAnswerEngine(exaSearchResponse);
const sonar = new FakeAnswerEngine(sonarQuestionsResponse);
let t: TestServer;
let cookie: string;
let slug: string;
const saved: Record<string, string | undefined> = {};
const env = ["EXA_API_KEY", "EXA_BASE_URL", "PERPLEXITY_API_KEY", "PERPLEXITY_BASE_URL"];
// Sonar: 100 + 200 tokens at $1/M = 300 micro-USD, plus the low context's $5/1,000 request fee
// (what Perplexity states, $0.0053, is the same here). Exa: $7/1,000 searches of up to 10 results
// with highlights (its stated $0.005 is not charged).
const sonarCost = 5_300;
const exaCost = 7_000;

beforeAll(async () => {
  await exa.start();
  await sonar.start();
  for (const name of env) saved[name] = process.env[name];
  process.env.EXA_API_KEY = "exa-operator-key";
  process.env.EXA_BASE_URL = exa.url;
  process.env.PERPLEXITY_API_KEY = "pplx-operator-key";
  process.env.PERPLEXITY_BASE_URL = sonar.url;
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  cookie = await t.signIn("researcher@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
});
afterAll(async () => {
  await t.close();
  await exa.close();
  await sonar.close();
  for (const name of env) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const path = (id = "") => `/api/v1/workspaces/${slug}/research${id ? `/${id}` : ""}`;

describe("research on Exa and Perplexity (fakes)", () => {
  it("honours the per-provider caps, stores questions and sources, and settles the actual cost", async () => {
    const before = await balanceOf(t, slug, cookie);
    const seeds = Array.from({ length: 50 }, (_, i) => `analytics topic ${i}`);
    const started = await t.request<any>("POST", path(), {
      cookie,
      body: { seeds, maxCalls: 80 },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      status: "queued",
      providers: ["exa", "perplexity"],
      simulated: false,
      language: "en",
      calls: [
        { provider: "exa", cap: 40, planned: 40, made: 0, failed: 0 },
        { provider: "perplexity", cap: 30, planned: 30, made: 0, failed: 0 },
      ],
      reservedMicrousd: 40 * 7_000 + 30 * 17_000,
      sources: [],
    });
    expect(started.body.skippedProviders).toEqual([
      { provider: "search_console", reason: expect.stringMatching(/No Search Console data/) },
    ]);

    const done = await waitForFinish(t, path(started.body.researchId), cookie, 120_000);
    expect(exa.requests).toHaveLength(40);
    expect(sonar.requests).toHaveLength(30);
    expect(exa.requests[0]?.path).toBe("/search");
    expect(exa.requests[0]?.headers["x-api-key"]).toBe("exa-operator-key");
    expect(exa.requests[0]?.body).toMatchObject({ query: "analytics topic 0", numResults: 10 });
    expect(sonar.requests[0]?.body).toMatchObject({
      model: "sonar",
      search_language_filter: ["en"],
    });
    expect(done).toMatchObject({
      status: "succeeded",
      calls: [
        { provider: "exa", planned: 40, made: 40, failed: 0 },
        { provider: "perplexity", planned: 30, made: 30, failed: 0 },
      ],
      costMicrousd: 40 * exaCost + 30 * sonarCost,
    });
    // Exa: 40 question titles; Sonar: 3 questions x 30 seeds.
    expect(done.suggestionCount).toBe(40 + 90);
    const shared = done.sources[0];
    expect(shared).toMatchObject({
      url: "https://news.example.co.uk/analytics",
      domain: "example.co.uk",
      title: "Industry news",
      citations: 70,
      providers: ["exa", "perplexity"],
    });
    expect(done.sources).toHaveLength(50);
    expect(done.sourceCount).toBe(1 + 40 + 40 + 30);

    const suggestions = await suggestionsOf(t, slug, cookie, `researchId=${done.researchId}`);
    expect(suggestions).toHaveLength(130);
    const cost = suggestions.find((s) => s.text === "What does analytics topic 3 cost per month?");
    expect(cost).toMatchObject({ source: "research", provider: "perplexity", language: "en" });
    const pick = suggestions.find((s) => s.text.startsWith("Which analytics topic 3 tool"));
    expect(pick).toMatchObject({ provider: "exa", category: "discovery" });

    const after = await balanceOf(t, slug, cookie);
    expect(after.postedMicrousd).toBe(before.postedMicrousd - done.costMicrousd);
    expect(after.heldMicrousd).toBe(0);
  });

  it("shares a small maxCalls round-robin over the default seeds, dropping repeated questions", async () => {
    exa.requests.length = 0;
    sonar.requests.length = 0;
    const started = await t.request<any>("POST", path(), {
      cookie,
      body: { providers: ["exa", "perplexity"], maxCalls: 3 },
    });
    expect(started.body.seeds).toEqual(["acme", "Globex alternatives", "Initech alternatives"]);
    expect(started.body.calls).toMatchObject([
      { provider: "exa", planned: 2 },
      { provider: "perplexity", planned: 1 },
    ]);
    await waitForFinish(t, path(started.body.researchId), cookie);
    expect(exa.requests.map((r) => r.body.query)).toEqual(["acme", "Globex alternatives"]);
    expect(sonar.requests).toHaveLength(1);
  });

  it("hides a job from another workspace", async () => {
    const list = await t.request<any>("GET", path(), { cookie });
    const id = list.body.data[0].researchId;
    const other = await t.signIn("other-researcher@example.com");
    const otherSlug = await t.createWorkspace(other, { brand: "other" });
    const foreign = await t.request<any>("GET", `/api/v1/workspaces/${otherSlug}/research/${id}`, {
      cookie: other,
    });
    expect(foreign.status).toBe(404);
  });
});
