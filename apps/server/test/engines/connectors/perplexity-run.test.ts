import { describe, expect, it } from "vitest";
import {
  FakeAnswerEngine,
  perplexityResponse,
  sentLocale,
} from "../../fakes/fake-answer-engine.js";
import { waitForRun } from "../../runs/run-fixtures.js";
import { connectorRunFixture } from "./connector-run-fixture.js";

/**
 * A run on the Perplexity connector through the real server, for a workspace tracking Spain and
 * France: each prompt's country and language reach Sonar's search (`user_location`,
 * `search_language_filter`), the fake answers from there in that language, and the answers API
 * returns the language and country each answer was asked in, with the search results Sonar
 * used but did not cite.
 */
const fake = new FakeAnswerEngine((r) =>
  perplexityResponse(r.body.messages.at(-1).content, sentLocale(r.body)),
);
const fixture = connectorRunFixture({
  provider: "perplexity",
  start: () => fake.start(),
  close: () => fake.close(),
  baseUrl: () => fake.url,
  promptCount: 3,
  storeKey: "pplx-test-key",
  email: "perplexity-runner@example.com",
});

const localised = [
  { text: "¿Qué herramienta de analítica es mejor?", language: "es", region: "es" },
  { text: "Quel outil d'analyse choisir ?", language: "fr", region: "fr" },
];

describe("a run on the Perplexity connector", () => {
  it("asks each prompt in its language from its country, and stores and returns both", async () => {
    const { t, cookie, slug } = fixture;
    const { prisma } = t.server.ctx;
    const prompts = await prisma.prompt.findMany({
      where: { workspace: { slug } },
      orderBy: { id: "asc" },
    });
    for (const [i, p] of localised.entries())
      await prisma.prompt.update({
        where: { id: prompts[i]?.id as string },
        data: { ...p, textKey: p.text.toLowerCase() },
      });
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "lite" },
    });
    expect(started.body).toMatchObject({ engines: ["perplexity"], simulated: false });
    const run = await waitForRun(t, slug, started.body.runId, cookie);
    expect(run).toMatchObject({ status: "succeeded", progress: { completed: 3, failed: 0 } });

    const sent = new Map(fake.requests.map((r) => [r.body.messages.at(-1).content, r.body]));
    expect(sent.get(localised[0]?.text)).toMatchObject({
      web_search_options: { user_location: { country: "ES" } },
      search_language_filter: ["es"],
    });
    expect(sent.get(localised[1]?.text)).toMatchObject({
      web_search_options: { user_location: { country: "FR" } },
      search_language_filter: ["fr"],
    });

    const answers = (
      await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs/${run.runId}/responses`, {
        cookie,
      })
    ).body.data as any[];
    const byPrompt = (text: string | undefined) => answers.find((a) => a.prompt === text);
    expect(byPrompt(localised[0]?.text)).toMatchObject({
      language: "es",
      country: "ES",
      answer: expect.stringMatching(/\(Buscado en español desde ES\.\)$/),
    });
    expect(byPrompt(localised[1]?.text)).toMatchObject({
      language: "fr",
      country: "FR",
      answer: expect.stringMatching(/\(Recherché en français depuis FR\.\)$/),
    });
    expect(answers.find((a) => !localised.some((p) => p.text === a.prompt))).toMatchObject({
      language: "en",
      country: null,
      answer: expect.stringMatching(/\(Searched in English\.\)$/),
    });
    for (const a of answers) {
      expect(a).toMatchObject({
        engine: "perplexity",
        servedModel: "sonar",
        endState: "completed",
      });
      expect(a.citations.map((c: any) => c.url)).toEqual([
        "https://runner.example/teams",
        "https://globex.com/compare",
      ]);
      // Sonar's search results it did not cite; it exposes no search queries.
      expect(a.usedSources).toEqual([
        { position: 1, url: "https://initech.io/pricing", title: "Initech pricing" },
      ]);
      expect(a.searchQueries).toEqual([]);
    }
    const stored = await prisma.engineResponse.findMany({
      where: { runId: run.runId },
      select: { language: true, country: true },
    });
    expect(stored.map((r) => `${r.language}/${r.country}`).sort()).toEqual([
      "en/null",
      "es/ES",
      "fr/FR",
    ]);
    // The sources view counts the domain read and not cited, as the competitor's.
    const sources = await t.request<any>("GET", `/api/v1/workspaces/${slug}/sources`, { cookie });
    expect(sources.status).toBe(200);
    expect(sources.body.usedDomains).toEqual([
      { domain: "initech.io", taxonomy: "competitor", used: 3, cited: 0 },
    ]);
  });
});
