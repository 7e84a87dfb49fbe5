import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../connections/connection-fixture.js";
import { type SeoFixture, startSeoFixture } from "./seo-fixture.js";
import { readSeo, refreshNow, suggestFromQueries } from "./seo-reads-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-reads-404");
});
afterAll(() => f.close());

const reads = ["landing-pages", "queries", "correlation"];

describe("SEO reads: 404 and isolation", () => {
  it("answers workspace_not_found for an unknown workspace", async () => {
    for (const path of reads) {
      expectError(
        await readSeo(f, path, { cookie: f.cookie }, "nope-404"),
        404,
        "workspace_not_found",
      );
    }
    expectError(
      await suggestFromQueries(f, {}, { cookie: f.cookie }, "nope-404"),
      404,
      "workspace_not_found",
    );
  });

  it("answers workspace_not_found for another account's workspace", async () => {
    const outsider = await f.t.signIn("outsider@seo-reads-404.example.com");
    for (const path of reads) {
      expectError(await readSeo(f, path, { cookie: outsider }), 404, "workspace_not_found");
    }
    expectError(await suggestFromQueries(f, {}, { cookie: outsider }), 404, "workspace_not_found");
  });

  it("never shows one workspace's rows in another's reads", async () => {
    await refreshNow(f);
    const other = await f.connectedWorkspace("seo-reads-404-other");
    const queries = await readSeo(f, "queries", { cookie: f.cookie }, other);
    expect(queries.body).toMatchObject({ queriesConsidered: 0, data: [] });
    const pages = await readSeo(f, "landing-pages", { cookie: f.cookie }, other);
    expect(pages.body.pages).toEqual([]);
    const suggested = await suggestFromQueries(
      f,
      { minImpressions: 1 },
      { cookie: f.cookie },
      other,
    );
    expect(suggested.body).toMatchObject({ stored: 0, data: [] });
    const own = await readSeo(f, "queries");
    expect(own.body.queriesConsidered).toBe(7);
  });
});
