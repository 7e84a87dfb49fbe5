import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueDueReports } from "../../src/services/reports/queue-due-reports.js";
import { REPORT_TYPES } from "../../src/services/reports/report-catalog.js";
import { startScheduledRuns } from "../../src/services/run-schedule/start-scheduled-runs.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { runAndWait } from "../metrics/metrics-fixtures.js";
import { seedPrompts, waitForRun } from "../runs/run-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
const base = () => `/api/v1/workspaces/${slug}`;

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  // Wednesday 2026-03-04: the ISO week runs Monday 2026-03-02 to Sunday 2026-03-08.
  t.clock.set("2026-03-04T09:00:00.000Z");
  cookie = await t.signIn("report-schedule@example.com");
  slug = await t.createWorkspace(cookie, { brand: "schedco" });
  await seedPrompts(t, slug, 3);
  await runAndWait(t, slug, cookie, "smoke");
}, 120_000);
afterAll(() => t.close());

const reports = async (trigger: string) =>
  (await t.request<any>("GET", `${base()}/reports?limit=100`, { cookie })).body.data.filter(
    (r: any) => r.trigger === trigger,
  );

describe("the report schedule", () => {
  it("is empty until set", async () => {
    const got = await t.request<any>("GET", `${base()}/report-schedule`, { cookie });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      enabled: false,
      frequency: null,
      types: REPORT_TYPES,
      nextReportAt: null,
      lastReportAt: null,
    });
  });

  it("weekly: generates the chosen types for the ISO week just ended, once, on Monday", async () => {
    const put = await t.request<any>("PUT", `${base()}/report-schedule`, {
      cookie,
      body: { frequency: "weekly", types: ["cited_sources", "visibility_summary"] },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      enabled: true,
      frequency: "weekly",
      types: ["visibility_summary", "cited_sources"],
      nextReportAt: "2026-03-09T00:00:00.000Z",
      lastReportAt: null,
    });
    expect(await queueDueReports({ ctx: t.server.ctx })).toEqual([]);
    t.clock.set("2026-03-09T00:00:30.000Z");
    const [first, second] = await Promise.all([
      queueDueReports({ ctx: t.server.ctx }),
      queueDueReports({ ctx: t.server.ctx }),
    ]);
    expect([...(first ?? []), ...(second ?? [])]).toHaveLength(1);
    const made = await eventually(async () => {
      const found = await reports("schedule");
      return found.length === 2 ? found : undefined;
    });
    expect(made.map((r: any) => [r.type, r.period])).toEqual([
      ["cited_sources", { from: "2026-03-02", to: "2026-03-08" }],
      ["visibility_summary", { from: "2026-03-02", to: "2026-03-08" }],
    ]);
    const got = await t.request<any>("GET", `${base()}/report-schedule`, { cookie });
    expect(got.body).toMatchObject({
      nextReportAt: "2026-03-16T00:00:00.000Z",
      lastReportAt: "2026-03-09T00:00:00.000Z",
    });
    // The week's report holds the week's answers (Wednesday's run).
    const cited = await t.request<any>("GET", `${base()}/reports/${made[0].id}?format=json`, {
      cookie,
    });
    expect(cited.body.document.sections[0].table.rows.length).toBeGreaterThan(0);
  });

  it("after a run the run schedule started, generates the schedule's types for the 7 days ending that day", async () => {
    const schedule = await t.request<any>("PUT", `${base()}/run-schedule`, {
      cookie,
      body: { cron: "0 10 * * *", timezone: "UTC", preset: "smoke" },
    });
    expect(schedule.status).toBe(200);
    t.clock.set("2026-03-09T10:00:01.000Z");
    const [runId] = await startScheduledRuns({ ctx: t.server.ctx });
    await waitForRun(t, slug, runId as string, cookie);
    const made = await eventually(async () => {
      const found = await reports("run");
      return found.length === 2 ? found : undefined;
    });
    for (const r of made) expect(r.period).toEqual({ from: "2026-03-03", to: "2026-03-09" });
    expect(made.map((r: any) => r.type).sort()).toEqual(["cited_sources", "visibility_summary"]);
  });

  it("monthly: due on the 1st for the month just ended; removing it stops it", async () => {
    const put = await t.request<any>("PUT", `${base()}/report-schedule`, {
      cookie,
      body: { frequency: "monthly" },
    });
    expect(put.body).toMatchObject({
      frequency: "monthly",
      types: REPORT_TYPES,
      nextReportAt: "2026-04-01T00:00:00.000Z",
    });
    const removed = await t.request("DELETE", `${base()}/report-schedule`, { cookie });
    expect(removed.status).toBe(204);
    expect((await t.request("DELETE", `${base()}/report-schedule`, { cookie })).status).toBe(204);
    t.clock.set("2026-04-01T00:05:00.000Z");
    expect(await queueDueReports({ ctx: t.server.ctx })).toEqual([]);
    cookie = await t.signIn("report-schedule@example.com"); // the old session ended meanwhile
    const got = await t.request<any>("GET", `${base()}/report-schedule`, { cookie });
    expect(got.body).toMatchObject({ enabled: false, frequency: null, nextReportAt: null });
  });
});
