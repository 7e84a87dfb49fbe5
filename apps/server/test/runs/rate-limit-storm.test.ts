import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anthropicResponse,
  exaResponse,
  FakeAnswerEngine,
  geminiResponse,
  openAiResponse,
  perplexityResponse,
} from "../fakes/fake-answer-engine.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { topUp } from "../prompt-generation/discovery-fixtures.js";
import { expectSettledOnce } from "./run-assertions.js";
import { seedPrompts, waitForRun } from "./run-fixtures.js";

/**
 * Every provider answers a storm of 429s (some with Retry-After, some
 * without) before it recovers: the run waits them out, on every connector,
 * and finishes with every answer and an exact settlement. More refusals than
 * a task's retry budget for other failures (3), so only the rate-limit path
 * can carry it through.
 */
const fakes = {
  OPENAI: new FakeAnswerEngine(() => openAiResponse("storm")),
  PERPLEXITY: new FakeAnswerEngine(() => perplexityResponse("storm")),
  ANTHROPIC: new FakeAnswerEngine(() => anthropicResponse("storm")),
  GEMINI: new FakeAnswerEngine(() => geminiResponse("storm")),
  EXA: new FakeAnswerEngine(() => exaResponse("storm")),
};
const saved: Record<string, string | undefined> = {};
let t: TestServer;
let cookie: string;
let slug: string;
const prompts = 6;
const storm = 10;

beforeAll(async () => {
  for (const [prefix, fake] of Object.entries(fakes)) {
    await fake.start();
    for (const name of [`${prefix}_API_KEY`, `${prefix}_BASE_URL`]) saved[name] = process.env[name];
    process.env[`${prefix}_API_KEY`] = `${prefix.toLowerCase()}-operator-key`;
    process.env[`${prefix}_BASE_URL`] = fake.url;
  }
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  cookie = await t.signIn("storm@example.com");
  slug = await t.createWorkspace(cookie, { brand: "storm" });
  await seedPrompts(t, slug, prompts);
  // Every engine's answer ceiling (Claude's covers five searches' results) above the free grant.
  await topUp(t, slug, cookie, 5_000_000);
  const model = await t.request<any>("GET", `/api/v1/workspaces/${slug}/model`, { cookie });
  const put = await t.request("PUT", `/api/v1/workspaces/${slug}/model`, {
    cookie,
    body: {
      engines: model.body.engines.map((e: any) => ({
        engine: e.engine,
        model: e.model,
        enabled: true,
      })),
      weights: model.body.weights,
    },
  });
  expect(put.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  for (const fake of Object.values(fakes)) await fake.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("a 429 storm on every provider", () => {
  it("slows the run down without failing it", async () => {
    let i = 0;
    for (const fake of Object.values(fakes)) {
      const headers = i++ % 2 === 0 ? { "retry-after": "2" } : undefined;
      fake.fail(429, { error: { message: "Rate limit reached" } }, storm, headers);
    }
    const clockBefore = t.clock.now().getTime();
    const runs = [];
    for (const [preset, engines] of [
      ["lite", ["anthropic", "exa", "gemini", "openai", "perplexity"]],
    ] as const) {
      const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
        cookie,
        body: { preset },
      });
      expect(started.status).toBe(202);
      expect([...started.body.engines].sort()).toEqual(engines);
      const run = await waitForRun(t, slug, started.body.runId, cookie, 60_000);
      const total = engines.length * prompts;
      expect(run).toMatchObject({
        status: "succeeded",
        progress: { total, completed: total, failed: 0, pending: 0 },
      });
      runs.push({ runId: run.runId as string, total, cost: BigInt(run.costMicrousd) });
    }
    for (const fake of Object.values(fakes)) {
      expect(fake.replies).toHaveLength(0);
      expect(fake.requests).toHaveLength(prompts + storm);
    }
    // The waits happened on the server's clock (Retry-After 2 s, or backoff).
    expect(t.clock.now().getTime() - clockBefore).toBeGreaterThanOrEqual(2_000);
    for (const run of runs)
      await expectSettledOnce(t, slug, cookie, run.runId, run.total, 6_000_000n);
  });
});
