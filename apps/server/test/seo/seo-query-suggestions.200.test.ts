import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPrompt } from "../metrics/metrics-fixtures.js";
import { balanceOf, suggestionsOf } from "../prompt-generation/discovery-fixtures.js";
import { daysAgo, type SeoFixture, startSeoFixture } from "./seo-fixture.js";
import {
  addGoogleRows,
  matchingSearchRows,
  readSeo,
  refreshNow,
  suggestFromQueries,
} from "./seo-reads-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-suggest");
  addGoogleRows(f, { search: matchingSearchRows(f) });
  await seedPrompt(f.t, f.slug, "discovery", "What are the best CRM tools for a startup?");
  await refreshNow(f);
});
afterAll(() => f.close());

describe("suggestPromptsFromSearchConsole: 200", () => {
  it("offers the uncovered queries with most impressions as free suggestions with evidence", async () => {
    const before = await balanceOf(f.t, f.slug, f.cookie);
    const key = await f.t.mintKey(f.cookie, f.slug, ["prompts:write"]);
    const response = await suggestFromQueries(
      f,
      { minImpressions: 100, limit: 3 },
      { bearer: key.secret },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ stored: 3, duplicates: 0 });
    const texts = response.body.data.map((s: any) => s.text);
    // Most impressions first: acme reviews 200 + crm pricing 300 beat acme query 6 (106).
    expect(texts.sort()).toEqual(["acme query 6", "acme reviews", "crm pricing"]);
    const pricing = response.body.data.find((s: any) => s.text === "crm pricing");
    expect(pricing).toMatchObject({
      source: "search_console",
      provider: "search_console",
      simulated: false,
      status: "pending",
      language: "en",
      generationId: null,
      researchId: null,
      evidence: {
        query: "crm pricing",
        clicks: 9,
        impressions: 300,
        from: daysAgo(f.t, 28),
        to: daysAgo(f.t, 1),
      },
    });
    expect(await balanceOf(f.t, f.slug, f.cookie)).toEqual(before);
    const listed = await suggestionsOf(f.t, f.slug, f.cookie, "source=search_console");
    expect(listed.map((s: any) => s.text).sort()).toEqual(texts.sort());
  });

  it("is accepted like any suggestion, and the accepted query is then covered", async () => {
    const all = await suggestionsOf(f.t, f.slug, f.cookie, "source=search_console");
    const chosen = all.find((s: any) => s.text === "crm pricing");
    const accepted = await f.t.request<any>(
      "POST",
      `/api/v1/workspaces/${f.slug}/prompt-suggestions/accept`,
      { cookie: f.cookie, body: { ids: [chosen.suggestionId] } },
    );
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data[0]).toMatchObject({
      suggestion: { status: "accepted", evidence: { query: "crm pricing" } },
      prompt: { text: "crm pricing", active: true, source: "research" },
    });
    const queries = await readSeo(f, "queries");
    const covered = queries.body.data.find((q: any) => q.query === "crm pricing");
    expect(covered.matches[0]).toMatchObject({
      promptId: accepted.body.data[0].prompt.promptId,
      score: 1,
    });
  });

  it("never offers a known text again, dismissed ones included, and stays bounded", async () => {
    const listed = await suggestionsOf(f.t, f.slug, f.cookie, "source=search_console");
    const reviews = listed.find((s: any) => s.text === "acme reviews");
    const dismissed = await f.t.request<any>(
      "POST",
      `/api/v1/workspaces/${f.slug}/prompt-suggestions/${reviews.suggestionId}/dismiss`,
      { cookie: f.cookie },
    );
    expect(dismissed.status, dismissed.text).toBe(200);
    const again = await suggestFromQueries(f, { minImpressions: 100, limit: 50 });
    expect(again.status, again.text).toBe(200);
    // Left: acme query 0-5 (acme query 6 pending, acme reviews dismissed, crm pricing a prompt).
    expect(again.body).toMatchObject({ stored: 6, duplicates: 2 });
    expect(again.body.data.map((s: any) => s.text)).not.toContain("acme reviews");
    const third = await suggestFromQueries(f, { minImpressions: 100 });
    expect(third.body).toMatchObject({ stored: 0, duplicates: 8, data: [] });
  });
});
