import { describe, expect, it } from "vitest";
import { FakeAnswerEngine } from "../../fakes/fake-answer-engine.js";
import { grokResponse, xaiCreditsExhausted } from "../../fakes/xai-responses.js";
import { connectorRunFixture, liteRunAnswering } from "./connector-run-fixture.js";

/**
 * Runs on the Grok connector through the real server against xAI's fake: a workspace turns
 * Grok on in its measurement model, stores its xAI key, and a run records Grok's answers
 * labelled with their surface (the developer API) and collector (xAI), with the citations,
 * sources and queries xAI gave, mentions measured, and exactly the ledger's charge.
 */
const fake = new FakeAnswerEngine((r) => grokResponse(r.body));
const fixture = connectorRunFixture({
  provider: "grok",
  start: () => fake.start(),
  close: () => fake.close(),
  baseUrl: () => fake.url,
  promptCount: 3,
  storeKey: "xai-test-key",
  email: "grok-runner@example.com",
});

const weights = { visibility: 0.4, shareOfVoice: 0.3, position: 0.15, citation: 0.15 };

describe("a run on the Grok connector", () => {
  it("records Grok's answers with their surface, collector, sources and the ledger's cost", async () => {
    const { t, cookie, slug } = fixture;
    const model = await t.request<any>("GET", `/api/v1/workspaces/${slug}/model`, { cookie });
    expect(model.body.engines).toContainEqual({
      engine: "grok",
      model: "grok-4.3",
      enabled: false,
    });
    const put = await t.request<any>("PUT", `/api/v1/workspaces/${slug}/model`, {
      cookie,
      body: { engines: [{ engine: "grok", model: "grok-4.3", enabled: true }], weights },
    });
    expect(put.status, put.text).toBe(200);
    const balance = async () =>
      (await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, { cookie })).body
        .postedMicrousd as number;
    const before = await balance();

    const { run, answers, requests } = await liteRunAnswering(fixture, fake, []);
    expect(run).toMatchObject({
      status: "succeeded",
      engines: ["grok"],
      progress: { completed: 3, failed: 0 },
    });
    expect(requests).toBe(3);
    for (const sent of fake.requests.slice(-3)) {
      expect(sent.headers.authorization).toBe("Bearer xai-test-key");
      expect(sent.body).toMatchObject({
        model: "grok-4.3",
        tools: [{ type: "web_search" }],
        include: ["no_inline_citations"],
        max_tool_calls: 3,
        max_output_tokens: 4096,
      });
    }
    // 4,144 × $1.25/M + 350 × $2.50/M (6,055 µUSD) and two searches at $5/1k.
    const price = 16_055;
    for (const answer of answers) {
      expect(answer).toMatchObject({
        engine: "grok",
        surface: "api",
        collector: "xai",
        model: "grok-4.3",
        servedModel: "grok-4.3",
        endState: "completed",
        country: null,
        language: "en",
        costMicrousd: price,
        searchQueries: [expect.stringMatching(/^best tools /), "analytics tool comparison"],
        usedSources: [{ position: 1, url: "https://review.example/2026", title: null }],
      });
      expect(answer.citations.map((c: any) => c.url)).toEqual([
        "https://runner.example/teams",
        "https://globex.com/compare",
        "https://initech.io/pricing",
      ]);
    }
    expect(run.costMicrousd).toBe(3 * price);
    expect(before - (await balance())).toBe(3 * price);
    const stored = await t.server.ctx.prisma.engineResponse.findMany({
      where: { runId: run.runId },
      select: { surface: true, collector: true },
    });
    expect(stored).toEqual(Array(3).fill({ surface: "api", collector: "xai" }));

    // The brand and both competitors are measured on Grok's answers.
    const metrics = await t.request<any>("GET", `/api/v1/workspaces/${slug}/metrics?engine=grok`, {
      cookie,
    });
    expect(metrics.status, metrics.text).toBe(200);
    expect(metrics.body.scoreboard.engines.map((e: any) => e.engine)).toEqual(["grok"]);
  });

  it("ends a task as quota_exhausted when xAI says the team has no credit, without retrying it", async () => {
    const { run, answers, requests } = await liteRunAnswering(fixture, fake, [
      { status: 403, body: xaiCreditsExhausted },
    ]);
    expect(run.status).toBe("partial");
    const failed = answers.filter((a) => a.status === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      surface: "api",
      collector: "xai",
      endState: "quota_exhausted",
      costMicrousd: 0,
    });
    expect(requests).toBe(3);
  });
});
