import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateReport } from "../../src/services/reports/generate-report.js";
import { html, startTestSite, type TestSite, text } from "../fakes/test-site.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { evaluate, fetchEnv } from "../page-evaluations/page-fixtures.js";

// The digest from real evaluations: pages of a local site evaluated by the server's worker
// (GEO_FETCH_ALLOW_LOOPBACK), then the report generated as the system does and read as JSON
// and CSV through the route.
const good = `<html lang="en"><head><title>Acme widgets for analytics teams</title>
<meta name="description" content="Acme makes fine widgets for analytics teams, with dashboards, exports and alerts built in.">
</head><body><h1>Widgets</h1><p>${"Acme makes fine widgets for analytics teams. ".repeat(12)}</p></body></html>`;
// No title, no heading, an empty app shell: the critical and high understanding checks fail.
const shell = `<html><head><script src="/a.js"></script><script src="/b.js"></script><script src="/c.js"></script></head><body><div id="root"></div></body></html>`;

let site: TestSite;
let t: TestServer;
let cookie: string;
let slug: string;
let workspaceId: string;
let shellVersion = 1;
const ids = {} as Record<
  "before" | "shellFirst" | "good" | "gone" | "shell" | "after" | "report",
  string
>;

beforeAll(async () => {
  site = await startTestSite({
    "/": html(good),
    "/app": (req, res, s) =>
      shellVersion === 1 ? html(shell)(req, res, s) : html(good)(req, res, s),
    "/gone": text("gone", 404),
    "/robots.txt": text("User-agent: *\nAllow: /\n"),
  });
  t = await startTestServer({ env: fetchEnv([site.port]) });
  t.clock.set("2026-03-01T09:00:00.000Z");
  cookie = await t.signIn("digest@example.com");
  slug = await t.createWorkspace(cookie, { brand: "digestco" });
  workspaceId = (await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } })).id;
  const caller = { cookie };
  // Before the period: not in the digest.
  ids.before = (await evaluate(t, caller, slug, site.url("/"))).id;
  t.clock.set("2026-03-04T09:00:00.000Z");
  ids.shellFirst = (await evaluate(t, caller, slug, site.url("/app"))).id;
  ids.good = (await evaluate(t, caller, slug, site.url("/"))).id;
  ids.gone = (await evaluate(t, caller, slug, site.url("/gone"))).id;
  t.clock.set("2026-03-05T09:00:00.000Z");
  // The same URL again, still an app shell: only this one is listed.
  ids.shell = (await evaluate(t, caller, slug, site.url("/app"))).id;
  // After the period: not in the digest either.
  t.clock.set("2026-03-06T09:00:00.000Z");
  shellVersion = 2;
  ids.after = (await evaluate(t, caller, slug, site.url("/app"))).id;
  const made = await generateReport({
    ctx: t.server.ctx,
    workspaceId,
    type: "page_evaluations_digest",
    period: { from: "2026-03-02", to: "2026-03-05" },
    trigger: "schedule",
  });
  ids.report = made?.reportId ?? "";
}, 180_000);
afterAll(async () => {
  await t.close();
  await site.close();
});

const get = (path: string) =>
  t.request<any>("GET", `/api/v1/workspaces/${slug}${path}`, { cookie });
const evaluationOf = async (id: string) => (await get(`/page-evaluations/${id}`)).body;

describe("the page evaluations digest", () => {
  it("lists the latest evaluation of each URL of the period with its scores and failing checks", async () => {
    const report = await get(`/reports/${ids.report}?format=json`);
    expect(report.status).toBe(200);
    const doc = report.body.document;
    expect(doc.sections.map((s: any) => s.id)).toEqual(["evaluations", "failing_checks"]);
    const rows = doc.sections[0].table.rows;
    expect(rows.map((r: any) => r.evaluationId)).toEqual([ids.good, ids.shell, ids.gone]);
    expect(rows.map((r: any) => r.url)).toEqual([
      site.url("/"),
      site.url("/app"),
      site.url("/gone"),
    ]);

    const shellEvaluation = await evaluationOf(ids.shell);
    const shellRow = rows[1];
    const failing = shellEvaluation.checks.filter((c: any) => c.status === "fail");
    expect(failing.length).toBeGreaterThan(0);
    expect(shellRow).toMatchObject({
      status: "succeeded",
      evaluatedAt: "2026-03-05",
      score: shellEvaluation.scores.overall,
      access: shellEvaluation.scores.categories.access,
      understanding: shellEvaluation.scores.categories.understanding,
      entity: shellEvaluation.scores.categories.entity,
      citations: shellEvaluation.scores.categories.citations,
      compliance: null,
      failingChecks: failing.length,
      failure: null,
    });
    expect(shellRow.worstCheck).toContain("understanding.initial_html_text");
    expect(shellRow.worstCheck).toContain("critical");

    const goodEvaluation = await evaluationOf(ids.good);
    expect(rows[0]).toMatchObject({
      evaluatedAt: "2026-03-04",
      score: goodEvaluation.scores.overall,
      failingChecks: goodEvaluation.checks.filter((c: any) => c.status === "fail").length,
    });
    expect(rows[2]).toMatchObject({
      status: "failed",
      score: null,
      access: null,
      failingChecks: 0,
      worstCheck: null,
    });
    expect(rows[2].failure).toMatch(/^http_error/);

    const average = (shellEvaluation.scores.overall + goodEvaluation.scores.overall) / 2;
    expect(doc.summary).toEqual([
      { label: "Page evaluations", value: "3" },
      { label: "Average overall score", value: average.toFixed(1), detail: "over 2 scored pages" },
      { label: "Failed evaluations", value: "1" },
      { label: "Failing checks", value: String(doc.sections[1].table.rows.length) },
    ]);
  });

  it("lists every failing check across pages, the most severe first, with its fix", async () => {
    const doc = (await get(`/reports/${ids.report}?format=json`)).body.document;
    const rows = doc.sections[1].table.rows;
    const rank = ["critical", "high", "medium", "low"];
    const ranks = rows.map((r: any) => rank.indexOf(r.severity));
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b));
    expect(rows[0]).toMatchObject({
      url: site.url("/app"),
      checkId: "understanding.initial_html_text",
      severity: "critical",
      fix: expect.any(String),
    });
    const shellFails = (await evaluationOf(ids.shell)).checks.filter(
      (c: any) => c.status === "fail",
    );
    for (const check of shellFails) {
      expect(rows).toContainEqual({
        url: site.url("/app"),
        checkId: check.id,
        title: check.title,
        severity: check.severity,
        fix: check.fix,
      });
    }
  });

  it("serves both tables as CSV, the evaluations by default", async () => {
    const main = await get(`/reports/${ids.report}?format=csv`);
    expect(main.status).toBe(200);
    const table = parse(main.text) as string[][];
    expect(table[0]).toEqual([
      "URL",
      "Evaluation",
      "Status",
      "Finished",
      "Overall score",
      "Access",
      "Understanding",
      "Entity",
      "Citations",
      "Compliance",
      "Failing checks",
      "Worst failing check",
      "Failure",
    ]);
    expect(table.slice(1).map((r) => r[1])).toEqual([ids.good, ids.shell, ids.gone]);
    const checks = await get(`/reports/${ids.report}?format=csv&section=failing_checks`);
    expect(checks.status).toBe(200);
    const rows = parse(checks.text) as string[][];
    expect(rows[0]).toEqual(["URL", "Check", "Title", "Severity", "Fix"]);
    expect(rows[1]?.slice(0, 4)).toEqual([
      site.url("/app"),
      "understanding.initial_html_text",
      expect.any(String),
      "critical",
    ]);
  });

  it("says there are none for a period without evaluations", async () => {
    const made = await generateReport({
      ctx: t.server.ctx,
      workspaceId,
      type: "page_evaluations_digest",
      period: { from: "2026-02-01", to: "2026-02-07" },
      trigger: "schedule",
    });
    const doc = (await get(`/reports/${made?.reportId}?format=json`)).body.document;
    expect(doc.sections[0]).toMatchObject({ table: { rows: [] }, notes: ["No page evaluations."] });
    expect(doc.sections[1]).toMatchObject({ table: { rows: [] }, notes: ["No failing checks."] });
    expect(doc.summary[1]).toEqual({ label: "Average overall score", value: "none" });
  });
});
