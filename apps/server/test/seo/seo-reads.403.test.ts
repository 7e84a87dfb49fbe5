import { afterAll, beforeAll, describe, it } from "vitest";
import { expectError } from "../connections/connection-fixture.js";
import { type SeoFixture, startSeoFixture } from "./seo-fixture.js";
import { readSeo, suggestFromQueries } from "./seo-reads-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-reads-403");
});
afterAll(() => f.close());

describe("SEO reads: 403", () => {
  it("the reads need metrics:read", async () => {
    const key = await f.t.mintKey(f.cookie, f.slug, ["runs:write", "prompts:write", "runs:read"]);
    for (const path of ["landing-pages", "queries?uncovered=true", "correlation"]) {
      expectError(await readSeo(f, path, { bearer: key.secret }), 403, "insufficient_scope");
    }
  });

  it("offering queries as suggestions needs prompts:write", async () => {
    const key = await f.t.mintKey(f.cookie, f.slug, ["metrics:read", "prompts:read"]);
    expectError(await suggestFromQueries(f, {}, { bearer: key.secret }), 403, "insufficient_scope");
  });
});
