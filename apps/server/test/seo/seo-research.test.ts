import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeResearch } from "../../src/services/research/execute-research.js";
import { balanceOf, suggestionsOf } from "../prompt-generation/discovery-fixtures.js";
import { type SeoFixture, startSeoFixture } from "./seo-fixture.js";
import { addGoogleRows, matchingSearchRows, refreshNow } from "./seo-reads-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-research");
  addGoogleRows(f, { search: matchingSearchRows(f) });
});
afterAll(() => f.close());

const research = (slug: string, body: object) =>
  f.t.request<any>("POST", `/api/v1/workspaces/${slug}/research`, { cookie: f.cookie, body });

describe("research with Search Console", () => {
  it("is skipped with its reason while no Search Console row is stored", async () => {
    const started = await research(f.slug, { providers: ["search_console"], seeds: ["crm"] });
    expect(started.status, started.text).toBe(202);
    // Local mode: the simulated provider stands in.
    expect(started.body).toMatchObject({ providers: ["simulated"], simulated: true });
    expect(started.body.skippedProviders).toEqual([
      { provider: "search_console", reason: expect.stringMatching(/No Search Console data/) },
    ]);
  });

  it("uses the stored queries after a refresh: free, queries containing the seed's words", async () => {
    await refreshNow(f);
    const before = await balanceOf(f.t, f.slug, f.cookie);
    const started = await research(f.slug, {
      providers: ["search_console"],
      seeds: ["crm tools", "acme"],
    });
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({
      providers: ["search_console"],
      skippedProviders: [],
      simulated: false,
      reservedMicrousd: 0,
      calls: [{ provider: "search_console", cap: 10, planned: 2 }],
    });
    await executeResearch({ ctx: f.t.server.ctx, researchId: started.body.researchId });
    const done = await f.t.request<any>(
      "GET",
      `/api/v1/workspaces/${f.slug}/research/${started.body.researchId}`,
      { cookie: f.cookie },
    );
    expect(done.body).toMatchObject({
      status: "succeeded",
      costMicrousd: 0,
      calls: [{ provider: "search_console", made: 2, failed: 0 }],
    });
    expect(done.body.sources.map((s: any) => s.url)).toContain(
      "https://acme.com/best-crm-tools-for-startups",
    );
    const texts = (
      await suggestionsOf(f.t, f.slug, f.cookie, `researchId=${started.body.researchId}`)
    ).map((s: any) => [s.text, s.provider, s.source]);
    // "crm tools": every word in one query only; "acme": the reviews and the seven acme queries.
    expect(texts).toContainEqual(["best crm tools for startups", "search_console", "research"]);
    expect(texts).toContainEqual(["acme reviews", "search_console", "research"]);
    expect(texts).not.toContainEqual(["crm pricing", "search_console", "research"]);
    expect(texts).toHaveLength(1 + 8);
    expect(await balanceOf(f.t, f.slug, f.cookie)).toEqual(before);
  });
});
