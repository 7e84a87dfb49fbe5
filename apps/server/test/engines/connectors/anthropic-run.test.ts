import { describe, expect, it } from "vitest";
import { anthropicResponse, FakeAnswerEngine, sentLocale } from "../../fakes/fake-answer-engine.js";
import { anthropicCreditTooLow, anthropicStopped } from "../../fakes/provider-end-states.js";
import { waitForRun } from "../../runs/run-fixtures.js";
import { connectorRunFixture, liteRunAnswering } from "./connector-run-fixture.js";

/**
 * A run on the Anthropic connector through the real server: Claude's text before its search
 * ("I'll search for … Initech and Runner Analytics") is neither stored nor analysed, so the
 * brand's position and the competitors mentioned are those of the answer.
 */
const fake = new FakeAnswerEngine((r) =>
  anthropicResponse(r.body.messages.at(-1).content, sentLocale(r.body)),
);
const fixture = connectorRunFixture({
  provider: "anthropic",
  start: () => fake.start(),
  close: () => fake.close(),
  baseUrl: () => fake.url,
  promptCount: 2,
  storeKey: "sk-ant-test-key",
  email: "anthropic-runner@example.com",
});

describe("a run on the Anthropic connector", () => {
  it("stores and analyses the answer after the search, without Claude's preamble", async () => {
    const { t, cookie, slug } = fixture;
    // One prompt tracks France, in French: its search is localised there.
    const [french] = await t.server.ctx.prisma.prompt.findMany({
      where: { workspace: { slug } },
      orderBy: { id: "asc" },
    });
    await t.server.ctx.prisma.prompt.update({
      where: { id: french?.id as string },
      data: { region: "fr", language: "fr" },
    });
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "lite" },
    });
    expect(started.body).toMatchObject({ engines: ["anthropic"], simulated: false });
    const run = await waitForRun(t, slug, started.body.runId, cookie);
    expect(run).toMatchObject({ status: "succeeded", progress: { completed: 2, failed: 0 } });
    const answers = (
      await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs/${run.runId}/responses`, {
        cookie,
      })
    ).body.data as any[];
    const countries = fake.requests.map((r) => r.body.tools[0].user_location?.country ?? null);
    expect(countries.sort()).toEqual(["FR", null]);
    for (const a of answers) {
      const inFrance = a.promptId === french?.id;
      expect(a).toMatchObject({
        servedModel: "claude-sonnet-5-5",
        country: inFrance ? "FR" : null,
        language: inFrance ? "fr" : "en",
      });
      // The fake searched from the country it was sent (the language travels in the prompt).
      expect(a.answer).toBe(
        `Based on the search results, Runner Analytics is a strong pick, while Globex suits enterprises.${inFrance ? " (Searched from FR.)" : ""}`,
      );
      // The fan-out and the search results Claude read without citing them.
      expect(a.searchQueries).toEqual([`${a.prompt} 2026`]);
      expect(a.usedSources).toEqual([
        { position: 1, url: "https://initech.io/pricing", title: "Initech pricing" },
      ]);
    }

    const { prisma } = t.server.ctx;
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
    const competitors = await prisma.competitor.findMany({ where: { workspaceId: workspace.id } });
    const idOf = (name: string) => competitors.find((c) => c.name === name)?.id;
    const mentions = await prisma.responseMention.findMany({
      where: { response: { runId: run.runId } },
      select: { entityId: true, rank: true, firstOffset: true },
    });
    // The brand first (in the preamble it came after Initech), Globex second, Initech absent.
    expect(mentions.filter((m) => m.entityId === "self")).toEqual(
      Array(2).fill({
        entityId: "self",
        rank: 1,
        firstOffset: "Based on the search results, ".length,
      }),
    );
    expect(mentions.filter((m) => m.entityId === idOf("Globex")).map((m) => m.rank)).toEqual([
      2, 2,
    ]);
    expect(mentions.filter((m) => m.entityId === idOf("Initech"))).toEqual([]);
  });

  it("stores a refusal as a measured answer and an account without credit as failed, neither retried", async () => {
    const { t } = fixture;
    const { run, answers, requests } = await liteRunAnswering(fixture, fake, [
      { status: 200, body: anthropicStopped("refusal", "I can't help with that.") },
      { status: 400, body: anthropicCreditTooLow },
    ]);
    // Two tasks, two requests: nothing was asked again.
    expect(requests).toBe(2);
    expect(run.progress).toMatchObject({
      completed: 1,
      failed: 1,
      endStates: { truncated: 0, refused: 1, filtered: 0, notShown: 0, quotaExhausted: 1 },
    });
    expect(answers.map((a) => [a.status, a.endState]).sort()).toEqual([
      ["failed", "quota_exhausted"],
      ["succeeded", "refused"],
    ]);
    const failed = answers.find((a) => a.status === "failed");
    expect(failed.error).toContain("no credit left");
    // The refusal is analysed and counted like any answer (no brand named).
    const refused = await t.server.ctx.prisma.engineResponse.findFirstOrThrow({
      where: { runId: run.runId, status: "succeeded" },
    });
    expect(refused).toMatchObject({ attempts: 1, answer: "I can't help with that." });
    expect(refused.analysisVersion).not.toBeNull();
  });
});
