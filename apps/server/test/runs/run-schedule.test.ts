import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScheduledRuns } from "../../src/services/run-schedule/start-scheduled-runs.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts, waitForRun } from "./run-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let broke: string;
const base = (s = slug) => `/api/v1/workspaces/${s}/run-schedule`;

beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("schedule@example.com");
  slug = await t.createWorkspace(cookie, { brand: "sched" });
  await seedPrompts(t, slug, 5);
  // The free grant is one per user: this second workspace has no credit.
  broke = await t.createWorkspace(cookie, { brand: "broke" });
  await seedPrompts(t, broke, 5);
});
afterAll(() => t.close());

/** Midnight UTC of the day after the clock's current day. */
function tomorrow(): Date {
  const day = new Date(t.clock.now());
  day.setUTCHours(0, 0, 0, 0);
  return new Date(day.getTime() + 24 * 3600_000);
}

describe("run schedule", () => {
  it("is empty until set", async () => {
    const got = await t.request("GET", base(), { cookie });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      enabled: false,
      cron: null,
      timezone: null,
      preset: null,
      nextRunAt: null,
      lastRunAt: null,
      lastOutcome: null,
      seoRefresh: { enabled: false, lastRunAt: null, lastOutcome: null },
      confirmations: {
        monthlyBudgetMicrousd: null,
        spentThisMonthMicrousd: 0,
        lastRunAt: null,
        lastOutcome: null,
      },
    });
  });

  it.each([
    ["00 06 * *", "UTC", "cron", /five fields/],
    ["0 6 * * * *", "UTC", "cron", /five fields/],
    ["0 6,18 * * *", "UTC", "cron", /at most once per day/],
    ["*/30 * * * *", "UTC", "cron", /at most once per day/],
    ["0 61 * * *", "UTC", "cron", /Not a cron expression/],
    ["0 6 * * *", "Mars/Olympus", "timezone", /IANA time zone/],
  ])(
    "rejects %s in %s with 400 invalid_schedule naming %s",
    async (cron, timezone, field, message) => {
      const put = await t.request<any>("PUT", base(), {
        cookie,
        body: { cron, timezone, preset: "smoke" },
      });
      expect(put.status).toBe(400);
      expect(put.body.error.code).toBe("invalid_schedule");
      expect(put.body.error.details.fields[0].field).toBe(field);
      expect(put.body.error.message).toMatch(message);
    },
  );

  it("computes the next occurrence in the schedule's time zone", async () => {
    t.clock.set(new Date(tomorrow().getTime() - 3600_000)); // 23:00 UTC
    const put = await t.request<any>("PUT", base(), {
      cookie,
      body: { cron: "30  6 * * *", timezone: "America/New_York", preset: "smoke" },
    });
    expect(put.status).toBe(200);
    // 06:30 in New York is 11:30 UTC in winter (EST, UTC-5).
    const expected = new Date(tomorrow().getTime() + 11.5 * 3600_000);
    expect(put.body).toMatchObject({
      enabled: true,
      cron: "30 6 * * *",
      timezone: "America/New_York",
      preset: "smoke",
      nextRunAt: expected.toISOString(),
    });
    const got = await t.request<any>("GET", base(), { cookie });
    expect(got.body).toEqual(put.body);
  });

  it("starts one run per occurrence, however many sweeps see it", async () => {
    const due = new Date((await t.request<any>("GET", base(), { cookie })).body.nextRunAt);
    expect(await startScheduledRuns({ ctx: t.server.ctx })).toEqual([]);
    t.clock.set(new Date(due.getTime() + 1000));
    const [first, second] = await Promise.all([
      startScheduledRuns({ ctx: t.server.ctx }),
      startScheduledRuns({ ctx: t.server.ctx }),
    ]);
    const started = [...(first ?? []), ...(second ?? [])];
    expect(started).toHaveLength(1);
    const runId = started[0] as string;
    const run = await waitForRun(t, slug, runId, cookie);
    expect(run).toMatchObject({ status: "succeeded", preset: "smoke", trigger: "schedule" });
    const schedule = await t.request<any>("GET", base(), { cookie });
    expect(schedule.body).toMatchObject({
      lastRunAt: due.toISOString(),
      lastOutcome: `started ${runId}`,
      nextRunAt: new Date(due.getTime() + 24 * 3600_000).toISOString(),
    });
  });

  it("after downtime over several occurrences starts one run, for the latest", async () => {
    const due = new Date((await t.request<any>("GET", base(), { cookie })).body.nextRunAt);
    t.clock.set(new Date(due.getTime() + 3 * 24 * 3600_000 + 60_000));
    const started = await startScheduledRuns({ ctx: t.server.ctx });
    expect(started).toHaveLength(1);
    await waitForRun(t, slug, started[0] as string, cookie);
    const schedule = await t.request<any>("GET", base(), { cookie });
    expect(schedule.body.lastRunAt).toBe(new Date(due.getTime() + 3 * 24 * 3600_000).toISOString());
    expect(schedule.body.nextRunAt).toBe(new Date(due.getTime() + 4 * 24 * 3600_000).toISOString());
  });

  it("skips an occurrence the balance cannot cover, and says so", async () => {
    const put = await t.request<any>("PUT", base(broke), {
      cookie,
      body: { cron: "0 0 * * *", timezone: "UTC", preset: "smoke" },
    });
    expect(put.status).toBe(200);
    t.clock.set(new Date(new Date(put.body.nextRunAt).getTime() + 1000));
    const started = await startScheduledRuns({ ctx: t.server.ctx });
    expect(started).toEqual([]);
    const schedule = await t.request<any>("GET", base(broke), { cookie });
    expect(schedule.body.lastOutcome).toBe("skipped: insufficient credits");
    const runs = await t.request<any>("GET", `/api/v1/workspaces/${broke}/runs`, { cookie });
    expect(runs.body.data).toEqual([]);
    const audit = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "run_schedule.skip" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: "system" });
  });

  it("DELETE removes it (idempotent) and nothing more starts", async () => {
    expect((await t.request("DELETE", base(), { cookie })).status).toBe(204);
    expect((await t.request("DELETE", base(), { cookie })).status).toBe(204);
    const got = await t.request<any>("GET", base(), { cookie });
    expect(got.body.enabled).toBe(false);
    t.clock.advance(7 * 24 * 3600_000);
    const started = await startScheduledRuns({ ctx: t.server.ctx });
    expect(started).toEqual([]);
  });
});
