import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weakPageScore } from "../../src/services/recommendations/derive-improve-page.js";
import { html, startTestSite, type TestSite, text } from "../fakes/test-site.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { evaluate, fetchEnv } from "../page-evaluations/page-fixtures.js";
import { allRecommendations, derive } from "./derivation-fixtures.js";

// improve_page from page evaluations (issue 15): real evaluations of a local site by the
// server's worker. The site answers on 127.0.0.1, which a workspace's domains cannot name
// through the API (a domain needs a dot and a TLD), so the test writes the workspace's domains
// straight to the database: its pages on 127.0.0.1 are owned, those on localhost are not.
// An empty app shell: no text, no title, no heading (critical and high checks fail).
const shell = `<html><head><script src="/a.js"></script><script src="/b.js"></script><script src="/c.js"></script></head><body><div id="root"></div></body></html>`;

let site: TestSite;
let t: TestServer;
let cookie: string;
let slug: string;

const improvePages = async () =>
  (await allRecommendations(t, cookie, slug)).filter((r: any) => r.kind === "improve_page");

beforeAll(async () => {
  site = await startTestSite({
    "/pricing": html(shell),
    "/robots.txt": text("User-agent: *\nAllow: /\n"),
  });
  t = await startTestServer({ env: fetchEnv([site.port]) });
  t.clock.set("2026-05-04T09:00:00.000Z");
  cookie = await t.signIn("improve@example.com");
  slug = await t.createWorkspace(cookie, { brand: "improveco" });
  await t.server.ctx.prisma.workspace.update({
    where: { slug },
    data: { domains: ["127.0.0.1"] },
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await site.close();
});

describe("improve_page from page evaluations", () => {
  let first: any;
  let recommendationId: string;

  it("a weak owned page gets one improve_page recommendation, derived after the evaluation, with the evaluation as evidence", async () => {
    first = await evaluate(t, { cookie }, slug, site.url("/pricing"));
    expect(first.status).toBe("succeeded");
    const failing = first.checks.filter((c: any) => c.status === "fail");
    expect(failing.some((c: any) => c.severity === "critical")).toBe(true);
    // The succeeded evaluation queued the derivation.
    const [rec] = await eventually(async () => {
      const recs = await improvePages();
      return recs.length > 0 ? recs : undefined;
    }, 30_000);
    expect(await improvePages()).toHaveLength(1);
    recommendationId = rec.recommendationId;
    expect(rec).toMatchObject({
      status: "proposed",
      language: "en",
      target: { url: site.url("/pricing"), domain: "127.0.0.1", promptIds: [] },
      priority: { confidence: 0.8, effort: "medium" },
      evidence: {
        metric: {
          name: "page_score",
          value: first.scores.overall / 100,
          n: failing.length,
          date: "2026-05-04",
        },
        comparison: null,
        answers: [],
        stale: false,
        pageEvaluation: {
          evaluationId: first.id,
          url: site.url("/pricing"),
          finishedAt: first.finishedAt,
          scores: first.scores,
        },
      },
    });
    const severities = rec.evidence.pageEvaluation.failingChecks.map((c: any) => c.severity);
    expect(severities[0]).toBe("critical");
    expect(rec.evidence.pageEvaluation.failingChecks.map((c: any) => c.id).sort()).toEqual(
      failing.map((c: any) => c.id).sort(),
    );
    expect(rec.title).toBe(`Fix what keeps engines from using ${site.url("/pricing")}`);
    expect(rec.rationale).toContain(`scored it ${first.scores.overall} out of 100`);
    expect(rec.action).toMatch(/^Fix what the evaluation found, the most severe first: 1\. /);
    const critical = failing.find((c: any) => c.severity === "critical");
    expect(rec.action).toContain(critical.fix.trim().replace(/[.!?]$/, ""));
    expect(rec.action).toContain(`Then evaluate ${site.url("/pricing")} again`);
    expect(first.scores.overall === null || first.scores.overall < 100).toBe(true);
    expect(weakPageScore).toBe(60);
  });

  it("re-evaluating the page updates the same recommendation instead of adding one", async () => {
    t.clock.set("2026-05-05T09:00:00.000Z");
    const second = await evaluate(t, { cookie }, slug, site.url("/pricing"));
    expect(second.status).toBe("succeeded");
    const rec = await eventually(async () => {
      const [r] = await improvePages();
      return r?.evidence.pageEvaluation?.evaluationId === second.id ? r : undefined;
    }, 30_000);
    expect(rec.recommendationId).toBe(recommendationId);
    expect(rec.evidence.metric.date).toBe("2026-05-05");
    const result = await derive(t, cookie, slug);
    expect(result.date).toBe("2026-05-05");
    expect(result.recommendations).toEqual([
      { recommendationId, kind: "improve_page", outcome: "updated" },
    ]);
    expect(await improvePages()).toHaveLength(1);
  });

  it("a page not on the workspace's domains (a competitor's) gets none", async () => {
    const other = await evaluate(t, { cookie }, slug, `http://localhost:${site.port}/pricing`);
    expect(other.status).toBe("succeeded");
    expect(other.checks.some((c: any) => c.status === "fail" && c.severity === "critical")).toBe(
      true,
    );
    await derive(t, cookie, slug);
    const recs = await improvePages();
    expect(recs.map((r: any) => r.recommendationId)).toEqual([recommendationId]);
    expect(recs[0].target.url).toBe(site.url("/pricing"));
  });
});
