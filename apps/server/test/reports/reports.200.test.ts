import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateReport } from "../../src/services/reports/generate-report.js";
import { REPORT_TYPES } from "../../src/services/reports/report-catalog.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { day2, period, seedReports } from "./report-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let workspaceId: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  ({ cookie, slug, workspaceId, ids } = await seedReports(t, "reportco"));
}, 120_000);
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  t.request<any>("GET", `/api/v1/workspaces/${slug}${path}`, { cookie, headers });
const reportOf = async (type: string) => (await get(`/reports/${ids[type]}?format=json`)).body;
const csvOf = (text: string) =>
  parse(text, { bom: false, relax_column_count: false }) as string[][];

describe("the report catalog", () => {
  it("lists every type with its parameters, formats and sections", async () => {
    const response = await get("/report-catalog");
    expect(response.status).toBe(200);
    expect(response.body.data.map((e: any) => e.type)).toEqual(REPORT_TYPES);
    for (const entry of response.body.data) {
      expect(entry.formats).toEqual(["json", "csv", "html", "pdf"]);
      expect(entry.parameters.map((p: any) => p.name)).toEqual(
        expect.arrayContaining(["from", "to"]),
      );
      expect(entry.sections.map((s: any) => s.id)).toContain(entry.defaultSection);
    }
    const cited = response.body.data.find((e: any) => e.type === "cited_sources");
    expect(cited.parameters.find((p: any) => p.name === "limit")).toMatchObject({
      type: "integer",
      default: 25,
    });
  });
});

describe("reports generated after a run", () => {
  it("every type has exactly the catalog's sections", async () => {
    const catalog = (await get("/report-catalog")).body.data;
    for (const entry of catalog) {
      const report = await reportOf(entry.type);
      expect(report).toMatchObject({
        id: ids[entry.type],
        workspace: slug,
        type: entry.type,
        period,
        trigger: "run",
        parameters: { from: period.from, to: period.to },
      });
      expect(report.document.sections.map((s: any) => s.id)).toEqual(
        entry.sections.map((s: any) => s.id),
      );
      expect(report.document).toMatchObject({ type: entry.type, period, workspace: { slug } });
    }
  });

  it("generation is idempotent per (workspace, type, period, trigger)", async () => {
    const again = await generateReport({
      ctx: t.server.ctx,
      workspaceId,
      type: "visibility_summary",
      period,
      trigger: "run",
    });
    expect(again).toEqual({ reportId: ids.visibility_summary, created: false });
    const count = await t.server.ctx.prisma.report.count({ where: { workspaceId } });
    expect(count).toBe(REPORT_TYPES.length);
  });

  it("racing generations of the same report store one", async () => {
    const week = { from: "2026-02-26", to: "2026-03-04" };
    const made = await Promise.all(
      [1, 2, 3].map(() =>
        generateReport({
          ctx: t.server.ctx,
          workspaceId,
          type: "competitor_comparison",
          period: week,
          trigger: "schedule",
        }),
      ),
    );
    expect(new Set(made.map((m) => m?.reportId)).size).toBe(1);
    expect(made.filter((m) => m?.created)).toHaveLength(1);
    await t.server.ctx.prisma.report.delete({ where: { id: made[0]?.reportId as string } });
  });

  it("a visibility summary and GET .../metrics for the same day agree exactly", async () => {
    const metrics = (await get(`/metrics?date=${day2}`)).body;
    const report = await reportOf("visibility_summary");
    const composite = metrics.scoreboard.composite;
    expect(composite.n).toBeGreaterThan(0);
    // What the figures leave out is said with them, as the scoreboard counts it.
    const { brandResearchPrompts: prompts, brandResearchAnswers: answers } =
      metrics.scoreboard.excluded;
    expect(report.document.summary).toContainEqual(
      prompts === 0
        ? { label: "Left out", value: "nothing" }
        : expect.objectContaining({
            label: "Left out",
            value: `${prompts} branded prompt${prompts === 1 ? "" : "s"} (${answers} answer${answers === 1 ? "" : "s"})`,
          }),
    );
    const timeseries = report.document.sections.find((s: any) => s.id === "timeseries");
    const lastDay = timeseries.table.rows.find((r: any) => r.date === day2);
    expect(lastDay).toMatchObject({
      composite: composite.value,
      compositeLow: composite.ciLow,
      compositeHigh: composite.ciHigh,
    });
    const recommended = report.document.sections.find((s: any) => s.id === "recommendations");
    expect(recommended.table.rows).toEqual(
      metrics.shareOfVoice.map((s: any) => ({
        entity: s.entity,
        isSelf: s.isSelf,
        recommended: s.recommendationRate.value * 100,
        recommendedLow: s.recommendationRate.ciLow * 100,
        recommendedHigh: s.recommendationRate.ciHigh * 100,
        shortlisted: s.shortlistShare.value * 100,
        shortlistedLow: s.shortlistShare.ciLow * 100,
        shortlistedHigh: s.shortlistShare.ciHigh * 100,
        n: s.recommendationRate.n,
      })),
    );
    const sov = report.document.sections.find((s: any) => s.id === "share_of_voice").table.rows;
    expect(sov).toEqual(
      metrics.shareOfVoice.map((s: any) => ({
        entity: s.entity,
        isSelf: s.isSelf,
        shareOfVoice: s.value * 100,
        low: s.ciLow * 100,
        high: s.ciHigh * 100,
        n: s.n,
        visibility: s.visibility.value * 100,
      })),
    );
    const engines = report.document.sections.find((s: any) => s.id === "engines").table.rows;
    expect(engines.map((e: any) => [e.engine, e.composite, e.responses])).toEqual(
      metrics.scoreboard.engines.map((e: any) => [
        e.engine,
        e.metrics.composite.value,
        e.metrics.responses,
      ]),
    );
    const deltas = report.document.sections.find((s: any) => s.id === "deltas").table.rows;
    expect(deltas[0]).toMatchObject({
      comparison: "previous",
      comparedWith: composite.comparisons.previous.date,
      delta: composite.comparisons.previous.delta,
      significant: composite.comparisons.previous.significant,
    });
    const chart = timeseries.chart;
    expect(chart.x).toHaveLength(7);
    expect(chart.series[0].values.at(-1)).toBe(composite.value);
    expect(chart.series[0].low.at(-1)).toBe(composite.ciLow);
  });

  it("cited sources list the same top cited domains as GET .../metrics for the last day", async () => {
    const metrics = (await get(`/metrics?date=${day2}`)).body;
    expect(metrics.topCitedDomains.length).toBeGreaterThan(0);
    const report = await reportOf("cited_sources");
    const section = (id: string) => report.document.sections.find((s: any) => s.id === id);
    expect(section("latest_day_domains").table.rows).toEqual(metrics.topCitedDomains);
    const domains = section("domains").table.rows;
    expect(domains.length).toBeGreaterThan(0);
    for (const d of domains) expect(d.taxonomy).toEqual(expect.any(String));
    expect(section("urls").table.rows[0]).toMatchObject({ url: expect.stringMatching(/^https?:/) });
    // Nothing was cited the week before: every domain is new, none lost.
    expect(section("new_sources").table.rows).toHaveLength(domains.length);
    expect(section("lost_sources").table.rows).toEqual([]);
  });

  it("prompt detail lists each prompt on each engine, and the page evaluations digest says there are none", async () => {
    const detail = await reportOf("prompt_detail");
    const rows = detail.document.sections[0].table.rows;
    expect(rows).toHaveLength(5);
    for (const r of rows) expect(r.responses).toBe(2);
    const digest = await reportOf("page_evaluations_digest");
    expect(digest.document.sections[0]).toMatchObject({
      id: "evaluations",
      table: { rows: [] },
      notes: ["No page evaluations."],
    });
    // One engine measured: no pair, and the report says how to measure one.
    const gap = await reportOf("surface_gap");
    expect(gap.document.summary[0]).toEqual({ label: "Pairs measured", value: "0" });
    expect(gap.document.sections[0].table.rows).toEqual([]);
    expect(gap.document.sections[0].notes[0]).toMatch(/^No assistant was measured on two surfaces/);
  });
});

describe("reading reports", () => {
  it("lists newest first, filters by type, and pages with a cursor", async () => {
    const all = await get("/reports?limit=4");
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(4);
    expect(all.body.data[0].id).toBe(ids.surface_gap);
    expect(all.body.data[0]).not.toHaveProperty("document");
    const next = await get(`/reports?limit=4&cursor=${all.body.nextCursor}`);
    expect(next.body.data.map((r: any) => r.id)).toEqual([
      ids.cited_sources,
      ids.competitor_comparison,
      ids.visibility_summary,
    ]);
    expect(next.body.nextCursor).toBeNull();
    const one = await get("/reports?type=cited_sources");
    expect(one.body.data.map((r: any) => r.id)).toEqual([ids.cited_sources]);
  });

  it("answers JSON by default, with its Content-Type and Content-Disposition", async () => {
    const response = await get(`/reports/${ids.visibility_summary}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${slug}-visibility_summary-${period.from}_${period.to}.json"`,
    );
    expect(response.body.document.type).toBe("visibility_summary");
  });

  it("negotiates CSV through Accept, and `format` wins over Accept", async () => {
    const csv = await get(`/reports/${ids.visibility_summary}`, { accept: "text/csv" });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename="${slug}-visibility_summary-${period.from}_${period.to}.csv"`,
    );
    const json = await get(`/reports/${ids.visibility_summary}?format=json`, {
      accept: "text/csv",
    });
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    const weighted = await get(`/reports/${ids.visibility_summary}`, {
      accept: "application/json;q=0.5, text/csv",
    });
    expect(weighted.headers.get("content-type")).toMatch(/^text\/csv/);
  });

  it("answers 406 not_acceptable when Accept names no format", async () => {
    const response = await get(`/reports/${ids.visibility_summary}`, { accept: "image/png" });
    expect(response.status).toBe(406);
    expect(response.body.error.code).toBe("not_acceptable");
  });

  it("every section with a table of every type parses as RFC 4180 CSV with its header", async () => {
    for (const type of REPORT_TYPES) {
      const report = await reportOf(type);
      for (const section of report.document.sections) {
        if (!section.table) continue;
        const response = await get(`/reports/${ids[type]}?format=csv&section=${section.id}`);
        expect(response.status).toBe(200);
        expect(response.text.endsWith("\r\n")).toBe(true);
        const rows = csvOf(response.text);
        expect(rows[0]).toEqual(section.table.columns.map((c: any) => c.label));
        expect(rows).toHaveLength(section.table.rows.length + 1);
      }
    }
  });

  it("HTML is served unframeable, with the report's own policy", async () => {
    const response = await get(`/reports/${ids.prompt_detail}?format=html`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("style-src 'sha256-");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("the default CSV section is the type's main table", async () => {
    const response = await get(`/reports/${ids.prompt_detail}?format=csv`);
    const rows = csvOf(response.text);
    expect(rows[0]?.[0]).toBe("Prompt id");
    expect(rows).toHaveLength(6);
  });

  it("quotes as RFC 4180 and defuses cells a spreadsheet would read as formulas", async () => {
    const response = await get(`/reports/${ids.prompt_detail}?format=csv&section=prompts`);
    const rows = csvOf(response.text);
    const prompt = rows.map((r) => r[1]).find((text) => text?.includes("HYPERLINK"));
    expect(prompt).toBe('\'=HYPERLINK("http://evil.example") which tool, "quoted"?');
    expect(response.text).toContain(
      '"\'=HYPERLINK(""http://evil.example"") which tool, ""quoted""?"',
    );
  });
});
