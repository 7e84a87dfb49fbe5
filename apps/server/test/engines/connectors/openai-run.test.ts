import { beforeAll, describe, expect, it } from "vitest";
import { allProviderSettings } from "../../../src/engines/connectors/provider-settings.js";
import { resolveProviderKey } from "../../../src/services/credentials/resolve-provider-key.js";
import { FakeAnswerEngine, openAiResponse } from "../../fakes/fake-answer-engine.js";
import { openAiIncomplete, openAiInsufficientQuota } from "../../fakes/provider-end-states.js";
import type { TestServer } from "../../harness/test-server.js";
import { waitForRun } from "../../runs/run-fixtures.js";
import { connectorRunFixture, liteRunAnswering } from "./connector-run-fixture.js";

const fake = new FakeAnswerEngine((r) => openAiResponse(r.body.input, r.body.include));
const fixture = connectorRunFixture({
  provider: "openai",
  start: () => fake.start(),
  close: () => fake.close(),
  baseUrl: () => fake.url,
  promptCount: 4,
  storeKey: false,
  email: "openai-runner@example.com",
});
let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(() => {
  ({ t, cookie, slug } = fixture);
});

const balance = async () =>
  (await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, { cookie })).body;
const answersOf = async (runId: string) =>
  (
    await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs/${runId}/responses?limit=100`, {
      cookie,
    })
  ).body.data as any[];

describe("a lite run on the OpenAI connector with a stored workspace key", () => {
  it("skips OpenAI while the workspace has no key (no operator key either)", async () => {
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "smoke" },
    });
    expect(started.body).toMatchObject({ engines: ["simulated"], skippedEngines: ["openai"] });
    await waitForRun(t, slug, started.body.runId, cookie);
  });

  it("asks the fake with the stored key and records its answers, citations and exact costs", async () => {
    const stored = await t.request<any>("POST", `/api/v1/workspaces/${slug}/credentials`, {
      cookie,
      body: { connector: "openai", key: "api_key", value: "sk-test" },
    });
    expect(stored.status).toBeLessThan(300);
    const before = await balance();
    const seen = fake.requests.length;
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "lite" },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      engines: ["openai"],
      skippedEngines: ["perplexity", "gemini", "anthropic"],
      simulated: false,
      promptCount: 4,
      // Each answer's ceiling: (40 prompt bytes + 500 + 8,000 search context) input tokens at
      // $0.40/M and 1,024 output tokens at $1.60/M (5,055 rounded up), plus 2 searches at 10,000.
      estimateMicrousd: 4 * 25_055,
    });
    const run = await waitForRun(t, slug, started.body.runId, cookie);
    expect(run).toMatchObject({
      status: "succeeded",
      progress: { total: 4, completed: 4, failed: 0, pending: 0 },
    });
    const sent = fake.requests.slice(seen);
    expect(sent).toHaveLength(4);
    for (const r of sent) {
      expect(r.headers.authorization).toBe("Bearer sk-test");
      // Searches bounded by the answer's allowance, which its ceiling prices.
      expect(r.body).toMatchObject({
        model: "gpt-4.1-mini",
        tools: [{ type: "web_search" }],
        max_tool_calls: 2,
      });
    }
    const answers = await answersOf(run.runId);
    expect(answers).toHaveLength(4);
    for (const a of answers) {
      expect(a).toMatchObject({
        status: "succeeded",
        engine: "openai",
        model: "gpt-4.1-mini",
        servedModel: "gpt-4.1-mini-2025-04-14",
        country: null,
        simulated: false,
        costMicrousd: 21_040,
      });
      expect(a.answer).toMatch(/^Runner Analytics leads/);
      expect(a.citations).toEqual([
        {
          position: 1,
          url: "https://runner.example/teams",
          title: "Runner for teams",
          engineUrl: null,
        },
        {
          position: 2,
          url: "https://globex.com/compare",
          title: "Globex comparison",
          engineUrl: null,
        },
        { position: 3, url: "https://review.example/2026", title: "Reviews 2026", engineUrl: null },
      ]);
      expect(a.searchQueries).toEqual([`best tools ${a.prompt}`, "analytics tool comparison"]);
      // What the searches retrieved and the answer did not cite.
      expect(a.usedSources).toEqual([
        { position: 1, url: "https://initech.io/pricing", title: null },
      ]);
    }
    const charged = answers.reduce((sum, a) => sum + a.costMicrousd, 0);
    expect(charged).toBe(4 * 21_040);
    expect(run.costMicrousd).toBe(charged);
    const after = await balance();
    expect(after).toMatchObject({
      postedMicrousd: before.postedMicrousd - charged,
      heldMicrousd: 0,
    });
  });

  it("waits out two 429s with Retry-After and still answers every task", async () => {
    const before = await balance();
    const seen = fake.requests.length;
    const clockBefore = t.clock.now().getTime();
    fake.fail(429, { error: { message: "Rate limit reached" } }, 2, { "retry-after": "3" });
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "lite" },
    });
    const run = await waitForRun(t, slug, started.body.runId, cookie);
    expect(run).toMatchObject({
      status: "succeeded",
      progress: { total: 4, completed: 4, failed: 0, pending: 0 },
    });
    expect(fake.requests.length - seen).toBe(6);
    const rows = await t.server.ctx.prisma.engineResponse.findMany({
      where: { runId: run.runId },
    });
    expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBe(6);
    // Each 429 made its task wait the 3 s it asked for (on the test's manual clock).
    expect(t.clock.now().getTime() - clockBefore).toBeGreaterThanOrEqual(6_000);
    const charged = (await answersOf(run.runId)).reduce((sum, a) => sum + a.costMicrousd, 0);
    expect(charged).toBe(4 * 21_040);
    expect(await balance()).toMatchObject({
      postedMicrousd: before.postedMicrousd - charged,
      heldMicrousd: 0,
    });
  });

  it("stores each end state with its reason and asks none twice: truncated with and without text, filtered, no credit", async () => {
    const truncatedText = "Runner Analytics is the tool most teams";
    const { run, answers, requests } = await liteRunAnswering(fixture, fake, [
      { status: 200, body: openAiIncomplete("max_output_tokens", truncatedText) },
      { status: 200, body: openAiIncomplete("max_output_tokens", "") },
      { status: 200, body: openAiIncomplete("content_filter", "") },
      { status: 429, body: openAiInsufficientQuota },
    ]);
    // Four tasks, four requests: neither the 429 nor an empty answer was asked again.
    expect(requests).toBe(4);
    expect(run.progress).toEqual({
      total: 4,
      completed: 2,
      failed: 2,
      pending: 0,
      endStates: { truncated: 2, refused: 0, filtered: 1, notShown: 0, quotaExhausted: 1 },
    });
    expect(answers.map((a) => [a.status, a.endState, a.answer]).sort()).toEqual([
      ["failed", "quota_exhausted", null],
      ["failed", "truncated", null],
      ["succeeded", "filtered", ""],
      ["succeeded", "truncated", truncatedText],
    ]);
    const failed = answers.filter((a) => a.status === "failed");
    expect(failed.map((a) => a.error).sort()).toEqual([
      expect.stringContaining("reached the output cap before writing any answer text"),
      expect.stringContaining("no credit left"),
    ]);
    const rows = await t.server.ctx.prisma.engineResponse.findMany({
      where: { runId: run.runId },
      include: { mentions: true },
    });
    expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1, 1]);
    // The truncated text is measured like any answer: the brand is named first.
    const truncated = rows.find((r) => r.answer === truncatedText);
    expect(truncated?.analysisVersion).not.toBeNull();
    expect(truncated?.mentions.map((m) => [m.entityId, m.rank])).toEqual([["self", 1]]);
  });

  it("resolves the workspace key before the operator's, and the operator's when none is stored", async () => {
    // A server configured with operator keys for OpenAI and Perplexity (read at start).
    const providers = allProviderSettings({
      OPENAI_API_KEY: "sk-operator",
      PERPLEXITY_API_KEY: "pplx-operator",
    });
    const ctx = { ...t.server.ctx, config: { ...t.server.ctx.config, providers } };
    const workspace = await ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
    expect(await resolveProviderKey(ctx, workspace.id, "openai")).toEqual({
      apiKey: "sk-test",
      source: "workspace",
    });
    expect(await resolveProviderKey(ctx, workspace.id, "perplexity")).toEqual({
      apiKey: "pplx-operator",
      source: "operator",
    });
    expect(await resolveProviderKey(ctx, workspace.id, "gemini")).toBeUndefined();
  });
});
