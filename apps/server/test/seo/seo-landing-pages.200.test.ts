import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCitations } from "../page-evaluations/page-fixtures.js";
import { daysAgo, type SeoFixture, startSeoFixture } from "./seo-fixture.js";
import { readSeo, refreshNow } from "./seo-reads-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-pages");
});
afterAll(() => f.close());

describe("getSeoLandingPages: 200", () => {
  it("is empty before any refresh", async () => {
    const response = await readSeo(f, "landing-pages");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      workspace: f.slug,
      siteDomain: "acme.com",
      answers: 0,
      pages: [],
    });
  });

  it("lists AI landing pages with the stored answers citing them, per engine", async () => {
    await refreshNow(f);
    await seedCitations(f.t, f.slug, [
      // Cited twice in one answer's form (www, trailing slash, tracking): the same page.
      {
        url: "https://www.acme.com/landing-0/?utm_source=chatgpt.com",
        domain: "acme.com",
        engine: "openai",
        prompt: "Which analytics tool is best?",
      },
      {
        url: "https://acme.com/landing-0",
        domain: "acme.com",
        engine: "perplexity",
        prompt: "Which analytics tool is cheapest?",
      },
      {
        url: "https://acme.com/pricing",
        domain: "acme.com",
        engine: "openai",
        prompt: "How much does Acme cost?",
      },
      {
        url: "https://globex.com/landing-1",
        domain: "globex.com",
        engine: "gemini",
        prompt: "What does Globex offer?",
      },
    ]);
    const key = await f.t.mintKey(f.cookie, f.slug, ["metrics:read"]);
    // The seeded answers belong to a run created today: the range ends today.
    const response = await readSeo(f, `landing-pages?to=${daysAgo(f.t, 0)}`, {
      bearer: key.secret,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.answers).toBe(4);
    expect(response.body.pages).toHaveLength(6);
    expect(response.body.pages[0]).toEqual({
      landingPage: "/landing-0",
      url: "https://acme.com/landing-0",
      sessions: 20,
      sessionsByEngine: [{ engine: "chatgpt", count: 20 }],
      citedAnswers: 2,
      citedByEngine: [
        { engine: "openai", count: 1 },
        { engine: "perplexity", count: 1 },
      ],
      domain: "acme.com",
      domainCitedAnswers: 3,
      domainCited: true,
    });
    // Another domain's page of the same path is not this page.
    expect(response.body.pages[1]).toMatchObject({
      landingPage: "/landing-1",
      sessions: 19,
      sessionsByEngine: [{ engine: "chatgpt", count: 19 }],
      citedAnswers: 0,
      citedByEngine: [],
      domainCitedAnswers: 3,
    });
  });

  it("keeps to the range and the limit", async () => {
    const limited = await readSeo(f, `landing-pages?to=${daysAgo(f.t, 0)}&limit=2`);
    expect(limited.body.pages.map((p: any) => p.landingPage)).toEqual(["/landing-0", "/landing-1"]);
    // Ending yesterday: the answers of today's run are out of range, the sessions are not.
    const yesterday = await readSeo(f, "landing-pages");
    expect(yesterday.body.answers).toBe(0);
    expect(yesterday.body.pages[0]).toMatchObject({ sessions: 20, citedAnswers: 0 });
  });
});
