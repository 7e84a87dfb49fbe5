import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { suggestionsOf, waitForFinish } from "../prompt-generation/discovery-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
const saved: Record<string, string | undefined> = {};
const env = ["EXA_API_KEY", "PERPLEXITY_API_KEY"];

beforeAll(async () => {
  for (const name of env) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  cookie = await t.signIn("sim-researcher@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme", languages: ["es", "en"] });
});
afterAll(async () => {
  await t.close();
  for (const name of env) if (saved[name] !== undefined) process.env[name] = saved[name];
});

describe("research without provider keys in local mode", () => {
  it("uses the simulated provider alone, labelled, and reports every skipped provider", async () => {
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/research`, {
      cookie,
      body: { seeds: ["analítica web", "Globex alternativas"], idempotencyKey: "r-1" },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      providers: ["simulated"],
      simulated: true,
      language: "es",
      calls: [{ provider: "simulated", cap: 40, planned: 2 }],
      reservedMicrousd: 2_000,
    });
    expect(started.body.skippedProviders.map((s: any) => s.provider)).toEqual([
      "exa",
      "perplexity",
      "search_console",
    ]);
    const replay = await t.request<any>("POST", `/api/v1/workspaces/${slug}/research`, {
      cookie,
      body: { seeds: ["analítica web", "Globex alternativas"], idempotencyKey: "r-1" },
    });
    expect(replay.body.researchId).toBe(started.body.researchId);
    const done = await waitForFinish(
      t,
      `/api/v1/workspaces/${slug}/research/${started.body.researchId}`,
      cookie,
    );
    expect(done).toMatchObject({ status: "succeeded", costMicrousd: 2_000 });
    expect(done.sources.length).toBeGreaterThan(0);
    const suggestions = await suggestionsOf(t, slug, cookie, "source=research");
    expect(suggestions.length).toBe(done.suggestionCount);
    expect(suggestions.every((s) => s.simulated && s.language === "es")).toBe(true);
  });

  it("answers 402 before anything is written when credit cannot cover the calls", async () => {
    const poor = await t.createWorkspace(cookie, { brand: "poor" }); // no second free grant
    const response = await t.request<any>("POST", `/api/v1/workspaces/${poor}/research`, {
      cookie,
      body: {},
    });
    expect(response.status).toBe(402);
    expect(response.body.error).toMatchObject({
      code: "insufficient_credits",
      details: { requiredMicrousd: 3_000, availableMicrousd: 0 },
    });
    expect(
      await t.server.ctx.prisma.researchJob.count({ where: { workspace: { slug: poor } } }),
    ).toBe(0);
  });
});
