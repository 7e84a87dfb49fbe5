import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepCredits } from "../../src/services/credits/sweep-credits.js";
import { executePromptGeneration } from "../../src/services/prompt-generation/execute-prompt-generation.js";
import {
  expectReportedCostCharged,
  postedOf,
  startWithExactBalance,
} from "../credits/metered-charge.js";
import { FakeAnswerEngine } from "../fakes/fake-answer-engine.js";
import { openAiPromptWriterResponse } from "../fakes/fake-prompt-writer.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

/**
 * A generation reports as its cost exactly what the ledger charged its
 * reservation: with spare credit, with exactly the reservation's worth, when
 * OpenAI bills a call more than its ceiling (billed at the ceiling), and when
 * the reaper released its reservation before it ran (no call is made). Executed in
 * the test process (workers off).
 */
// Each call reports 1,000,000 input tokens: 400,000 micro-USD at gpt-4.1-mini's price, above the 250,000 ceiling.
const expensive = new FakeAnswerEngine((request, index) => ({
  ...openAiPromptWriterResponse(request, index),
  usage: { input_tokens: 1_000_000, output_tokens: 0, total_tokens: 1_000_000 },
}));
let t: TestServer;
const saved: Record<string, string | undefined> = {};
const env = ["OPENAI_API_KEY", "OPENAI_BASE_URL"];

beforeAll(async () => {
  await expensive.start();
  for (const name of env) saved[name] = process.env[name];
  delete process.env.OPENAI_API_KEY;
  process.env.OPENAI_BASE_URL = expensive.url;
  t = await startTestServer({ env: { GEO_WORKERS: "false" } });
});
afterAll(async () => {
  await t.close();
  await expensive.close();
  for (const name of env) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const start = (slug: string, cookie: string) => () =>
  t.request<any>("POST", `/api/v1/workspaces/${slug}/prompt-generations`, {
    cookie,
    body: { count: 30, promptsPerCall: 10 },
  });

async function execute(slug: string, cookie: string, generationId: string) {
  await executePromptGeneration({ ctx: t.server.ctx, generationId });
  return (
    await t.request<any>("GET", `/api/v1/workspaces/${slug}/prompt-generations/${generationId}`, {
      cookie,
    })
  ).body;
}

/** A second workspace of a user who already had the free credit: nothing available. */
async function emptyWorkspace(user: string) {
  const cookie = await t.signIn(`${user}@example.com`);
  await t.createWorkspace(cookie, { brand: `${user}-first` });
  const slug = await t.createWorkspace(cookie, { brand: user });
  return { cookie, slug };
}

describe("a prompt generation's reported cost", () => {
  it("equals the ledger's charge with spare credit", async () => {
    const cookie = await t.signIn("gen-spare@example.com");
    const slug = await t.createWorkspace(cookie, { brand: "gen-spare" });
    const postedBefore = await postedOf(t, slug, cookie);
    const started = await start(slug, cookie)();
    expect(started.status).toBe(202);
    const done = await execute(slug, cookie, started.body.generationId);
    expect(done).toMatchObject({ status: "succeeded", callsMade: 4, costMicrousd: 4_000 });
    await expectReportedCostCharged(t, slug, cookie, {
      operationId: done.generationId,
      reportedMicrousd: done.costMicrousd,
      postedBefore,
    });
  });

  it("equals the ledger's charge when the balance is exactly the reservation", async () => {
    const { cookie, slug } = await emptyWorkspace("gen-exact");
    const { started, reservedMicrousd } = await startWithExactBalance(
      t,
      slug,
      cookie,
      start(slug, cookie),
    );
    expect(reservedMicrousd).toBe(4 * 250_000);
    const done = await execute(slug, cookie, started.body.generationId);
    expect(done).toMatchObject({ status: "succeeded", costMicrousd: 4_000 });
    await expectReportedCostCharged(t, slug, cookie, {
      operationId: done.generationId,
      reportedMicrousd: done.costMicrousd,
      postedBefore: reservedMicrousd,
    });
  });

  it("bills a call OpenAI priced above the ceiling at the ceiling, within an exact balance", async () => {
    const { cookie, slug } = await emptyWorkspace("gen-openai");
    const stored = await t.request("POST", `/api/v1/workspaces/${slug}/credentials`, {
      cookie,
      body: { connector: "openai", key: "api_key", value: "sk-writer-test" },
    });
    expect(stored.status).toBe(201);
    const { started, reservedMicrousd } = await startWithExactBalance(
      t,
      slug,
      cookie,
      start(slug, cookie),
    );
    const done = await execute(slug, cookie, started.body.generationId);
    expect(done).toMatchObject({
      status: "succeeded",
      generator: "openai",
      callsMade: 4,
      costMicrousd: 4 * 250_000,
    });
    await expectReportedCostCharged(t, slug, cookie, {
      operationId: done.generationId,
      reportedMicrousd: done.costMicrousd,
      postedBefore: reservedMicrousd,
    });
  });

  it("makes no call once the reaper released its reservation", async () => {
    const { cookie, slug } = await emptyWorkspace("gen-reaped");
    const { started, reservedMicrousd } = await startWithExactBalance(
      t,
      slug,
      cookie,
      start(slug, cookie),
    );
    // The job waited past the reservation's lifetime: the reaper handed the hold back.
    t.clock.advance(7 * 3600_000);
    expect((await sweepCredits(t.server.ctx)).released).toBeGreaterThanOrEqual(1);
    const done = await execute(slug, cookie, started.body.generationId);
    expect(done).toMatchObject({ status: "failed", callsFailed: 4, costMicrousd: 0 });
    expect(done.error).toMatch(/^insufficient_credits/);
    await expectReportedCostCharged(t, slug, cookie, {
      operationId: done.generationId,
      reportedMicrousd: done.costMicrousd,
      postedBefore: reservedMicrousd,
    });
  });
});
