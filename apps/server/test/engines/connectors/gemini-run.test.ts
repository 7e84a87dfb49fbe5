import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { FakeAnswerEngine, geminiResponse } from "../../fakes/fake-answer-engine.js";
import { FakeGroundingRedirects } from "../../fakes/fake-grounding-redirects.js";
import { geminiCutText, geminiEnded } from "../../fakes/provider-end-states.js";
import { waitForRun } from "../../runs/run-fixtures.js";
import { connectorRunFixture, liteRunAnswering } from "./connector-run-fixture.js";

/**
 * A run on the Gemini connector through the real server: Gemini's grounding chunks link Google's
 * redirect host, the fake's links answer 302 to the cited pages, and the stored citations,
 * their analysis and the sources view count those pages' domains, never the redirect host.
 */
const redirects = new FakeGroundingRedirects();
const fake = new FakeAnswerEngine((r) =>
  geminiResponse(r.body.contents.at(-1).parts[0].text, {
    link: (page) => redirects.link(page),
    modelVersion: /\/models\/([^:]+):/.exec(r.path)?.[1] ?? "",
  }),
);
const fixture = connectorRunFixture({
  provider: "gemini",
  start: () => Promise.all([fake.start(), redirects.start()]),
  close: () => Promise.all([fake.close(), redirects.close()]),
  baseUrl: () => fake.url,
  env: () => ({
    GEO_CITATION_REDIRECT_HOSTS: "127.0.0.1",
    GEO_FETCH_ALLOW_LOOPBACK: "true",
    GEO_FETCH_PORTS: String(redirects.port),
  }),
  promptCount: 3,
  storeKey: "AIza-test-key",
  email: "gemini-runner@example.com",
});

describe("a run on the Gemini connector", () => {
  it("stores each grounding link as the page it redirects to, counted for the right entity", async () => {
    const { t, cookie, slug } = fixture;
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "lite" },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ engines: ["gemini"], simulated: false, promptCount: 3 });
    const run = await waitForRun(t, slug, started.body.runId, cookie);
    expect(run).toMatchObject({ status: "succeeded", progress: { completed: 3, failed: 0 } });
    expect(fake.requests.at(-1)?.path).toBe("/v1beta/models/gemini-3.5-flash-lite:generateContent");

    const answers = (
      await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs/${run.runId}/responses`, {
        cookie,
      })
    ).body.data as any[];
    expect(answers).toHaveLength(3);
    for (const a of answers) {
      expect(a).toMatchObject({
        engine: "gemini",
        model: "gemini-3.5-flash-lite",
        servedModel: "gemini-3.5-flash-lite",
        country: null,
      });
      // Two chunks named the same page: one citation, the first link kept.
      expect(a.citations).toEqual([
        {
          position: 1,
          url: "https://runner.example/teams",
          title: "runner.example",
          engineUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/grounding-api-redirect\//),
        },
        {
          position: 2,
          url: "https://www.globex.com/compare",
          title: "globex.com",
          engineUrl: expect.stringMatching(/\/grounding-api-redirect\//),
        },
      ]);
      // Two queries at $14 per 1,000 and the tokens: what the ledger charged.
      expect(a.costMicrousd).toBe(1_003 + 2 * 14_000);
      // The fan-out: the searches grounding ran; Gemini reports no sources beyond its chunks.
      expect(a.searchQueries).toEqual([a.prompt, "runner analytics review"]);
      expect(a.usedSources).toEqual([]);
    }

    const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
    const globex = await t.server.ctx.prisma.competitor.findFirstOrThrow({
      where: { workspaceId: workspace.id, name: "Globex" },
    });
    const rows = await t.server.ctx.prisma.citation.findMany({
      where: { response: { runId: run.runId } },
      select: { domain: true, taxonomy: true, entityId: true },
    });
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.domain === "globex.com")).toEqual(
      Array(3).fill({ domain: "globex.com", taxonomy: "competitor", entityId: globex.id }),
    );
    expect(rows.filter((r) => r.domain === "runner.example")).toEqual(
      Array(3).fill({ domain: "runner.example", taxonomy: "owned", entityId: "self" }),
    );

    const sources = await t.request<any>("GET", `/api/v1/workspaces/${slug}/sources`, { cookie });
    expect(sources.status).toBe(200);
    expect(sources.body.domains.map((d: any) => [d.domain, d.taxonomy])).toEqual(
      expect.arrayContaining([
        ["runner.example", "owned"],
        ["globex.com", "competitor"],
      ]),
    );
    expect(sources.body.domains.map((d: any) => d.domain)).not.toContain("google.com");
    expect(sources.body.domains.map((d: any) => d.domain)).not.toContain("127.0.0.1");
  });

  it("stores SAFETY as filtered, thinking that used the cap as failed, and MAX_TOKENS after text as a measured truncated answer, none asked twice", async () => {
    const { t } = fixture;
    const { run, answers, requests } = await liteRunAnswering(fixture, fake, [
      { status: 200, body: geminiEnded("safety") },
      { status: 200, body: geminiEnded("thinking_used_cap") },
      { status: 200, body: geminiEnded("cut_with_text") },
    ]);
    expect(requests).toBe(3);
    expect(run.progress).toEqual({
      total: 3,
      completed: 2,
      failed: 1,
      pending: 0,
      endStates: { truncated: 2, refused: 0, filtered: 1, notShown: 0, quotaExhausted: 0 },
    });
    expect(answers.map((a) => [a.status, a.endState, a.answer]).sort()).toEqual([
      ["failed", "truncated", null],
      ["succeeded", "filtered", ""],
      ["succeeded", "truncated", geminiCutText],
    ]);
    expect(answers.find((a) => a.status === "failed").error).toContain(
      "reached the output cap before writing any answer text",
    );
    const rows = await t.server.ctx.prisma.engineResponse.findMany({
      where: { runId: run.runId },
      include: { mentions: true },
    });
    expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1]);
    // The text before the cap is measured: the brand first, Globex after it.
    const cut = rows.find((r) => r.answer === geminiCutText);
    expect(cut?.analysisVersion).not.toBeNull();
    expect(cut?.mentions.map((m) => m.rank).sort()).toEqual([1, 2]);
    expect(cut?.mentions.find((m) => m.entityId === "self")?.rank).toBe(1);
  });

  it("migration 20261127100000 moves stored redirect citations to their title's site, keeping the link", async () => {
    const { t, slug } = fixture;
    const { prisma } = t.server.ctx;
    const response = await prisma.engineResponse.findFirstOrThrow({
      where: { run: { workspace: { slug } }, status: "succeeded" },
    });
    const link = (n: number) =>
      `https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQ-old-${n}`;
    // As stored before the release: the redirect link as the URL, the source's domain as title.
    await prisma.citation.createMany({
      data: [
        {
          id: "cit_old_1",
          responseId: response.id,
          position: 91,
          url: link(1),
          title: "Globex.com",
        },
        { id: "cit_old_2", responseId: response.id, position: 92, url: link(2), title: "A review" },
        {
          id: "cit_old_3",
          responseId: response.id,
          position: 93,
          url: "https://a.example/x",
          title: "a.example",
        },
      ],
    });
    const sql = await readFile(
      new URL(
        "../../../../../packages/db/prisma/migrations/20261127100000_citation_engine_url/migration.sql",
        import.meta.url,
      ),
      "utf8",
    );
    const update = sql
      .split(";")
      .map((statement) => statement.replace(/--.*$/gm, "").trim())
      .find((statement) => statement.startsWith("UPDATE"));
    await prisma.$executeRawUnsafe(update as string);
    const rows = await prisma.citation.findMany({
      where: { id: { in: ["cit_old_1", "cit_old_2", "cit_old_3"] } },
      orderBy: { position: "asc" },
      select: { url: true, engineUrl: true },
    });
    expect(rows).toEqual([
      { url: "https://globex.com/", engineUrl: link(1) },
      { url: link(2), engineUrl: null },
      { url: "https://a.example/x", engineUrl: null },
    ]);
  });
});
