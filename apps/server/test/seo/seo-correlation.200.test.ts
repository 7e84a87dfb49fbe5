import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spearmanCorrelation } from "../../src/metrics/rank-correlation.js";
import { seedVisibility } from "../metrics/change-fixtures.js";
import { daysAgo, type SeoFixture, startSeoFixture } from "./seo-fixture.js";
import { addGoogleRows, readSeo, refreshNow } from "./seo-reads-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-correlation");
});
afterAll(() => f.close());

describe("spearmanCorrelation", () => {
  it("ranks ties by their mean and gives a Fisher z interval", () => {
    // Known value: x and y with one swapped pair, n = 5 -> rho = 1 - 6*2/(5*24) = 0.9.
    const r = spearmanCorrelation([1, 2, 3, 4, 5], [1, 3, 2, 4, 5]);
    expect(r).toEqual({ rho: 0.9, lower: expect.any(Number), upper: expect.any(Number) });
    if (!("rho" in r)) throw new Error("no correlation");
    // z = atanh(0.9) = 1.4722, half-width 1.96 * sqrt(1.06 / 2) = 1.4269.
    expect(r.lower).toBeCloseTo(Math.tanh(1.4722 - 1.4269), 3);
    expect(r.upper).toBeCloseTo(Math.tanh(1.4722 + 1.4269), 3);
    expect(spearmanCorrelation([1, 2, 2, 3], [4, 3, 3, 1])).toMatchObject({ rho: -1 });
    expect(spearmanCorrelation([1, 2, 3], [1, 2, 3])).toEqual({
      reason: "3 days counted; at least 4 are needed.",
    });
    expect(spearmanCorrelation([1, 2, 3, 4], [5, 5, 5, 5])).toEqual({
      reason: "One of the series is constant over the days counted.",
    });
  });
});

describe("getSeoCorrelation: 200", () => {
  it("counts no day before a refresh, with the reason and the modelled label", async () => {
    const response = await readSeo(f, "correlation");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      workspace: f.slug,
      basis: "modeled",
      n: 0,
      spearman: null,
      interval: null,
      reason: "0 days counted; at least 4 are needed.",
    });
    expect(response.body.note).toMatch(/not measured attribution/);
    expect(response.body.days).toHaveLength(28);
  });

  it("correlates daily visibility with AI referral sessions over the days that have both", async () => {
    // Ten days ending yesterday; the brand's visibility jumps by 50 points from day 5 on, and
    // so do the AI referral sessions.
    await seedVisibility(f.t, f.slug, {
      days: 10,
      lastDay: daysAgo(f.t, 1),
      prompts: 6,
      engines: ["openai"],
      rates: { self: 0.2 },
      jump: { entity: "self", engine: "openai", points: 60, fromDay: 5 },
      seed: "seo-correlation",
    });
    addGoogleRows(f, {
      traffic: Array.from({ length: 10 }, (_, d) => ({
        date: daysAgo(f.t, 10 - d).replaceAll("-", ""),
        sessionSource: "perplexity.ai",
        landingPage: "/correlated",
        sessions: d < 5 ? 1 + d : 40 + d,
        keyEvents: 0,
      })),
    });
    await refreshNow(f);
    const key = await f.t.mintKey(f.cookie, f.slug, ["metrics:read"]);
    const response = await readSeo(f, "correlation", { bearer: key.secret });
    expect(response.status, response.text).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({ basis: "modeled", n: 10, reason: null });
    expect(body.spearman).toBeGreaterThan(0.5);
    expect(body.interval).toMatchObject({ level: 0.95, method: "fisher_z" });
    expect(body.interval.lower).toBeLessThan(body.spearman);
    expect(body.interval.upper).toBeGreaterThan(body.spearman);
    const counted = body.days.filter((d: any) => d.counted);
    expect(counted).toHaveLength(10);
    expect(counted[0]).toMatchObject({ date: daysAgo(f.t, 10), answers: 12, aiSessions: 1 });
    // The fixture's own GA4 day (3 days ago) adds its 105 AI sessions to that day.
    expect(body.days.find((d: any) => d.date === daysAgo(f.t, 3)).aiSessions).toBe(105 + 47);
    // Days without answers are shown, not counted.
    expect(body.days.find((d: any) => d.date === daysAgo(f.t, 20))).toEqual({
      date: daysAgo(f.t, 20),
      counted: false,
      answers: 0,
      visibility: null,
      aiSessions: 0,
    });
  });
});
