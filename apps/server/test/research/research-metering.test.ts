import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepCredits } from "../../src/services/credits/sweep-credits.js";
import { executeResearch } from "../../src/services/research/execute-research.js";
import {
  expectReportedCostCharged,
  postedOf,
  startWithExactBalance,
} from "../credits/metered-charge.js";
import { FakeAnswerEngine } from "../fakes/fake-answer-engine.js";
import { exaSearchResponse, sonarQuestionsResponse } from "../fakes/fake-research-providers.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

/**
 * A research job reports as its cost exactly what the ledger charged its
 * reservation: with spare credit (simulated provider), with exactly the
 * reservation's worth when a call's usage at the catalog's prices is more than its
 * reserved price (billed at that price), and when the reaper released its
 * reservation before it ran (no call is made). Executed in the test process
 * (workers off).
 */
// Exa returns 12 results with summaries though 10 were asked for (7,000 + 2 × 1,000 + 12 × 1,000
// at the catalog's prices; ceiling 7,000); Sonar 100,000 + 0 tokens at $1/M plus the low fee
// (ceiling 17,000).
const exa = new FakeAnswerEngine((request, index) => {
  const body = exaSearchResponse(request, index);
  const results = Array.from({ length: 12 }, (_, i) => ({
    ...(body.results[i % body.results.length] as object),
    id: `https://extra.example/${index}/${i}`,
    url: `https://extra.example/${index}/${i}`,
    summary: "A page summary.",
  }));
  return { ...body, results };
});
const sonar = new FakeAnswerEngine((request, index) => ({
  ...sonarQuestionsResponse(request, index),
  usage: {
    prompt_tokens: 100_000,
    completion_tokens: 0,
    total_tokens: 100_000,
    search_context_size: "low",
  },
}));
let t: TestServer;
const saved: Record<string, string | undefined> = {};
const env = ["EXA_API_KEY", "EXA_BASE_URL", "PERPLEXITY_API_KEY", "PERPLEXITY_BASE_URL"];

beforeAll(async () => {
  await exa.start();
  await sonar.start();
  for (const name of env) saved[name] = process.env[name];
  delete process.env.EXA_API_KEY;
  delete process.env.PERPLEXITY_API_KEY;
  process.env.EXA_BASE_URL = exa.url;
  process.env.PERPLEXITY_BASE_URL = sonar.url;
  t = await startTestServer({ env: { GEO_WORKERS: "false" } });
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

const seeds = ["analytics tools", "web analytics", "privacy analytics"];
const start = (slug: string, cookie: string) => () =>
  t.request<any>("POST", `/api/v1/workspaces/${slug}/research`, {
    cookie,
    body: { seeds, maxCalls: 6 },
  });

async function execute(slug: string, cookie: string, researchId: string) {
  await executeResearch({ ctx: t.server.ctx, researchId });
  return (
    await t.request<any>("GET", `/api/v1/workspaces/${slug}/research/${researchId}`, { cookie })
  ).body;
}

/** A second workspace of a user who already had the free credit, with Exa and Perplexity keys. */
async function paidProvidersWorkspace(user: string) {
  const cookie = await t.signIn(`${user}@example.com`);
  await t.createWorkspace(cookie, { brand: `${user}-first` });
  const slug = await t.createWorkspace(cookie, { brand: user });
  for (const connector of ["exa", "perplexity"]) {
    const stored = await t.request("POST", `/api/v1/workspaces/${slug}/credentials`, {
      cookie,
      body: { connector, key: "api_key", value: `${connector}-test-key` },
    });
    expect(stored.status).toBe(201);
  }
  return { cookie, slug };
}

describe("a research job's reported cost", () => {
  it("equals the ledger's charge with spare credit", async () => {
    const cookie = await t.signIn("rs-spare@example.com");
    const slug = await t.createWorkspace(cookie, { brand: "rs-spare" });
    const postedBefore = await postedOf(t, slug, cookie);
    const started = await start(slug, cookie)();
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ providers: ["simulated"], reservedMicrousd: 3 * 1_000 });
    const done = await execute(slug, cookie, started.body.researchId);
    expect(done).toMatchObject({ status: "succeeded", costMicrousd: 3_000 });
    await expectReportedCostCharged(t, slug, cookie, {
      operationId: done.researchId,
      reportedMicrousd: done.costMicrousd,
      postedBefore,
    });
  });

  it("bills calls priced above their reservation at it, within an exact balance", async () => {
    const { cookie, slug } = await paidProvidersWorkspace("rs-exact");
    const { started, reservedMicrousd } = await startWithExactBalance(
      t,
      slug,
      cookie,
      start(slug, cookie),
    );
    expect(reservedMicrousd).toBe(3 * 7_000 + 3 * 17_000);
    const done = await execute(slug, cookie, started.body.researchId);
    expect(done).toMatchObject({
      status: "succeeded",
      calls: [
        { provider: "exa", made: 3, failed: 0 },
        { provider: "perplexity", made: 3, failed: 0 },
      ],
      costMicrousd: reservedMicrousd,
    });
    await expectReportedCostCharged(t, slug, cookie, {
      operationId: done.researchId,
      reportedMicrousd: done.costMicrousd,
      postedBefore: reservedMicrousd,
    });
  });

  it("makes no call once the reaper released its reservation", async () => {
    const { cookie, slug } = await paidProvidersWorkspace("rs-reaped");
    const { started, reservedMicrousd } = await startWithExactBalance(
      t,
      slug,
      cookie,
      start(slug, cookie),
    );
    const asked = exa.requests.length + sonar.requests.length;
    t.clock.advance(7 * 3600_000);
    expect((await sweepCredits(t.server.ctx)).released).toBeGreaterThanOrEqual(1);
    const done = await execute(slug, cookie, started.body.researchId);
    expect(done).toMatchObject({ status: "failed", costMicrousd: 0 });
    expect(done.error).toMatch(/^insufficient_credits/);
    expect(exa.requests.length + sonar.requests.length).toBe(asked);
    await expectReportedCostCharged(t, slug, cookie, {
      operationId: done.researchId,
      reportedMicrousd: done.costMicrousd,
      postedBefore: reservedMicrousd,
    });
  });
});
