import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, InvalidRequestError } from "../src/index.js";
import { type RealServer, startRealServer } from "./real-server.js";

/** `gp.sources.list` and `gp.sources.get` against the real server. */
let real: RealServer;
beforeAll(async () => {
  real = await startRealServer("sdksources", ["metrics:read"]);
}, 60_000);
afterAll(() => real.server.close());

const gp = () => createClient({ apiKey: real.secret, baseUrl: real.server.url, maxRetries: 0 });

describe("gp.sources", () => {
  it("list reads a period's cited sources, empty before any run", async () => {
    const sources = await gp().sources.list(real.slug, {
      from: "2026-03-01",
      to: "2026-03-07",
      limit: 5,
    });
    expect(sources).toEqual({
      period: { from: "2026-03-01", to: "2026-03-07" },
      previousPeriod: { from: "2026-02-22", to: "2026-02-28" },
      domains: [],
      urls: [],
      newDomains: [],
      lostDomains: [],
      usedDomains: [],
      totals: { domains: 0, newDomains: 0, lostDomains: 0, usedDomains: 0 },
    });
  });

  it("get reads one domain's citing prompts and URLs", async () => {
    const source = await gp().sources.get(real.slug, "example.com", {
      from: "2026-03-01",
      to: "2026-03-07",
    });
    expect(source).toEqual({
      domain: "example.com",
      taxonomy: null,
      period: { from: "2026-03-01", to: "2026-03-07" },
      prompts: [],
      usedBy: [],
      urls: [],
    });
  });

  it("a backwards period is a InvalidRequestError naming the field", async () => {
    const error = await gp()
      .sources.list(real.slug, { from: "2026-03-07", to: "2026-03-01" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(JSON.stringify((error as InvalidRequestError).details)).toContain("query.to");
  });
});
