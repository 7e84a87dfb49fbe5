import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../connections/connection-fixture.js";
import { type SeoFixture, startSeoFixture } from "./seo-fixture.js";
import { readSeo, suggestFromQueries } from "./seo-reads-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-reads-400");
});
afterAll(() => f.close());

const fieldOf = (response: any) => response.body.error.details.fields[0].field;

describe("SEO reads: 400", () => {
  it("getSeoLandingPages refuses from after to, and a limit out of bounds", async () => {
    const reversed = await readSeo(f, "landing-pages?from=2026-02-01&to=2026-01-01");
    expectError(reversed, 400, "invalid_request");
    expect(fieldOf(reversed)).toBe("query.from");
    expectError(await readSeo(f, "landing-pages?limit=101"), 400, "invalid_request");
  });

  it("listSeoQueries refuses a score out of bounds, a bad flag and a range over 486 days", async () => {
    expectError(await readSeo(f, "queries?minScore=2"), 400, "invalid_request");
    expectError(await readSeo(f, "queries?uncovered=maybe"), 400, "invalid_request");
    const long = await readSeo(f, "queries?from=2024-01-01&to=2026-01-01");
    expectError(long, 400, "invalid_request");
    expect(fieldOf(long)).toBe("query.from");
  });

  it("suggestPromptsFromSearchConsole refuses a limit over 50 and unknown fields", async () => {
    expectError(await suggestFromQueries(f, { limit: 51 }), 400, "invalid_request");
    expectError(await suggestFromQueries(f, { query: "x" }), 400, "invalid_request");
    const reversed = await suggestFromQueries(f, { from: "2026-02-01", to: "2026-01-01" });
    expectError(reversed, 400, "invalid_request");
    expect(fieldOf(reversed)).toBe("body.from");
  });

  it("getSeoCorrelation refuses a range over the metrics' 366 days and a bad date", async () => {
    const long = await readSeo(f, "correlation?from=2025-01-01&to=2026-02-01");
    expectError(long, 400, "invalid_request");
    expect(fieldOf(long)).toBe("query.to");
    expectError(await readSeo(f, "correlation?from=2026-13-01"), 400, "invalid_request");
  });
});
