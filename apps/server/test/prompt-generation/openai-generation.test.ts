import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeAnswerEngine } from "../fakes/fake-answer-engine.js";
import { openAiPromptWriterResponse } from "../fakes/fake-prompt-writer.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { balanceOf, suggestionsOf, topUp, waitForFinish } from "./discovery-fixtures.js";

const fake = new FakeAnswerEngine(openAiPromptWriterResponse);
let t: TestServer;
let cookie: string;
let slug: string;
const saved: Record<string, string | undefined> = {};
const env = ["OPENAI_API_KEY", "OPENAI_BASE_URL"];
// gpt-4.1-mini: 1234 x $0.40/M + 567 x $1.60/M = 1,400.8 micro-USD, rounded up.
const costPerCall = 1_401;

beforeAll(async () => {
  await fake.start();
  for (const name of env) saved[name] = process.env[name];
  delete process.env.OPENAI_API_KEY;
  process.env.OPENAI_BASE_URL = fake.url;
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  cookie = await t.signIn("openai-writer@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
  await topUp(t, slug, cookie, 2_000_000);
  const stored = await t.request("POST", `/api/v1/workspaces/${slug}/credentials`, {
    cookie,
    body: { connector: "openai", key: "api_key", value: "sk-writer-test" },
  });
  expect(stored.status).toBe(201);
});
afterAll(async () => {
  await t.close();
  await fake.close();
  for (const name of env) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const path = (id = "") => `/api/v1/workspaces/${slug}/prompt-generations${id ? `/${id}` : ""}`;

describe("a prompt generation on OpenAI (fake Responses API)", () => {
  it("asks without web search for strict JSON, stores the prompts and settles the token cost", async () => {
    const before = await balanceOf(t, slug, cookie);
    const started = await t.request<any>("POST", path(), {
      cookie,
      body: { count: 12, languages: ["en"], promptsPerCall: 5 },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      generator: "openai",
      model: "gpt-4.1-mini",
      simulated: false,
      callsPlanned: 3,
      reservedMicrousd: 750_000,
    });
    const done = await waitForFinish(t, path(started.body.generationId), cookie);
    expect(done).toMatchObject({
      status: "succeeded",
      callsMade: 3,
      callsFailed: 0,
      suggestionCount: 12,
      costMicrousd: 3 * costPerCall,
    });
    expect(fake.requests).toHaveLength(3);
    const first = fake.requests[0];
    expect(first?.path).toBe("/v1/responses");
    expect(first?.headers.authorization).toBe("Bearer sk-writer-test");
    expect(first?.body.tools).toBeUndefined();
    expect(first?.body.text.format).toMatchObject({ type: "json_schema", strict: true });
    const input = JSON.parse(first?.body.input);
    expect(input).toMatchObject({
      language: "en",
      brand: "acme",
      competitors: ["Globex", "Initech"],
    });

    const suggestions = await suggestionsOf(t, slug, cookie, `generationId=${done.generationId}`);
    expect(suggestions).toHaveLength(12);
    expect(suggestions.every((s) => s.provider === "openai" && !s.simulated)).toBe(true);

    const after = await balanceOf(t, slug, cookie);
    expect(after.postedMicrousd).toBe(before.postedMicrousd - 3 * costPerCall);
    expect(after.heldMicrousd).toBe(0);
  });

  it("records a refused call as failed (partial), and passes stored texts as ones to avoid", async () => {
    fake.fail(400, { error: { message: "bad request" } });
    const started = await t.request<any>("POST", path(), {
      cookie,
      body: { count: 10, languages: ["en"], promptsPerCall: 5 },
    });
    const done = await waitForFinish(t, path(started.body.generationId), cookie);
    expect(done).toMatchObject({
      status: "partial",
      callsMade: 2,
      callsFailed: 1,
      costMicrousd: costPerCall,
    });
    expect(done.error).toMatch(/OpenAI refused the request \(400\)/);
    const last = fake.requests.at(-1);
    expect(JSON.parse(last?.body.input).avoid.length).toBeGreaterThanOrEqual(12);
    const usage = await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/usage`, {
      cookie,
    });
    expect(
      usage.body.operations.find((o: any) => o.operationId === done.generationId),
    ).toMatchObject({
      status: "settled",
      spentMicrousd: costPerCall,
      heldMicrousd: 0,
    });
  });
});
