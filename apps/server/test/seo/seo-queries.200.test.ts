import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPrompt } from "../metrics/metrics-fixtures.js";
import { type SeoFixture, startSeoFixture } from "./seo-fixture.js";
import { addGoogleRows, matchingSearchRows, readSeo, refreshNow } from "./seo-reads-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-queries");
  addGoogleRows(f, { search: matchingSearchRows(f) });
  await seedPrompt(f.t, f.slug, "discovery", "What are the best CRM tools for a startup?");
  await seedPrompt(f.t, f.slug, "brand_research", "Are Acme reviews trustworthy?");
});
afterAll(() => f.close());

const byQuery = (body: any) => new Map(body.data.map((q: any) => [q.query, q]));

describe("listSeoQueries: 200", () => {
  it("is empty before any refresh", async () => {
    const response = await readSeo(f, "queries");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ data: [], queriesConsidered: 0, minScore: 0.6 });
  });

  it("sums each query over the range and names the prompts it matches with their score", async () => {
    await refreshNow(f);
    const key = await f.t.mintKey(f.cookie, f.slug, ["metrics:read"]);
    const response = await readSeo(f, "queries", { bearer: key.secret });
    expect(response.status, response.text).toBe(200);
    expect(response.body.queriesConsidered).toBe(11);
    expect(response.body.data[0].query).toBe("best crm tools for startups");
    const queries = byQuery(response.body);
    // Stop words dropped and plurals folded: every word of the query is in the prompt.
    expect(queries.get("best crm tools for startups")).toMatchObject({
      clicks: 20,
      impressions: 500,
      ctr: 0.04,
      matches: [
        {
          text: "What are the best CRM tools for a startup?",
          active: true,
          score: 1,
        },
      ],
    });
    expect((queries.get("best crm tools for startups") as any).matches[0].promptId).toMatch(
      /^prm_/,
    );
    // Two days: clicks and impressions summed, position weighted by impressions.
    expect(queries.get("crm pricing")).toEqual({
      query: "crm pricing",
      clicks: 9,
      impressions: 300,
      ctr: 0.03,
      position: 4,
      matches: [],
    });
    expect((queries.get("acme reviews") as any).matches[0]).toMatchObject({ score: 1 });
  });

  it("lists only the queries no prompt covers, and lowers the bar with minScore", async () => {
    const uncovered = await readSeo(f, "queries?uncovered=true");
    expect(uncovered.body.uncovered).toBe(true);
    const names = uncovered.body.data.map((q: any) => q.query);
    expect(names).toContain("crm pricing");
    expect(names).toContain("how to export invoices");
    expect(names).toContain("acme query 0");
    expect(names).not.toContain("best crm tools for startups");
    expect(names).not.toContain("acme reviews");
    expect(uncovered.body.data.every((q: any) => q.matches.length === 0)).toBe(true);
    // "crm pricing" shares one of two words with the CRM prompt: 0.5.
    const lower = await readSeo(f, "queries?minScore=0.5&limit=3");
    expect(lower.body.data).toHaveLength(3);
    const all = await readSeo(f, "queries?minScore=0.5");
    expect((byQuery(all.body).get("crm pricing") as any).matches[0].score).toBe(0.5);
  });
});
