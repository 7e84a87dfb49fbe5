import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScheduledRuns } from "../../src/services/run-schedule/start-scheduled-runs.js";
import { startScheduledSeoRefreshes } from "../../src/services/run-schedule/start-scheduled-seo-refreshes.js";
import { executeSeoRefresh } from "../../src/services/seo/execute-seo-refresh.js";
import { expectReportedCostCharged, postedOf } from "../credits/metered-charge.js";
import { type SeoFixture, startSeoFixture } from "./seo-fixture.js";

/**
 * The daily SEO refresh on the run schedule: started at the schedule's occurrence, once per
 * local day of the schedule's time zone (two sweeps at once, a worker that died before
 * recording), again the next day, and skipped (recorded, audited once, nothing charged) without
 * a connection or without the credit for its reservation. The injected clock moves the days.
 */
let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-sched");
});
afterAll(() => f.close());

const TIMEZONE = "Asia/Tokyo";
/** 00:30 in Tokyo is 15:30 UTC the day before: the local day is not the UTC day. */
const CRON = "30 0 * * *";
const DAY_MS = 86_400_000;

const schedule = (slug: string) => `/api/v1/workspaces/${slug}/run-schedule`;
const tokyoDay = (at: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: TIMEZONE, dateStyle: "short" }).format(at);

/** What every process's sweeper does each minute: the runs, then the SEO refreshes. */
async function sweep(): Promise<string[]> {
  await startScheduledRuns({ ctx: f.t.server.ctx });
  return startScheduledSeoRefreshes({ ctx: f.t.server.ctx });
}

async function refreshesOf(slug: string) {
  const prisma = f.t.server.ctx.prisma;
  const ws = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
  return prisma.seoRefresh.findMany({ where: { workspaceId: ws.id }, orderBy: { id: "asc" } });
}

async function setSchedule(slug: string, body: object = { seoRefresh: { enabled: true } }) {
  const put = await f.t.request<any>("PUT", schedule(slug), {
    cookie: f.cookie,
    body: { cron: CRON, timezone: TIMEZONE, preset: "smoke", ...body },
  });
  expect(put.status, put.text).toBe(200);
  return put.body;
}

const getSchedule = async (slug: string) =>
  (await f.t.request<any>("GET", schedule(slug), { cookie: f.cookie })).body;

describe("the daily SEO refresh on the run schedule", () => {
  let due: Date;

  it("is stored with the schedule; a PUT without it keeps it", async () => {
    const set = await setSchedule(f.slug);
    expect(set.seoRefresh).toEqual({ enabled: true, lastRunAt: null, lastOutcome: null });
    const again = await setSchedule(f.slug, {});
    expect(again.seoRefresh.enabled).toBe(true);
    expect((await getSchedule(f.slug)).seoRefresh.enabled).toBe(true);
    due = new Date(again.nextRunAt);
  });

  it("starts one refresh for the occurrence's local day, however many sweeps see it", async () => {
    expect(await sweep()).toEqual([]);
    f.t.clock.set(new Date(due.getTime() + 1000));
    const [first, second] = await Promise.all([sweep(), sweep()]);
    const started = [...new Set([...(first ?? []), ...(second ?? [])])];
    expect(started).toHaveLength(1);
    const refreshes = await refreshesOf(f.slug);
    expect(refreshes.map((r) => r.id)).toEqual(started);
    const body = await getSchedule(f.slug);
    expect(body.seoRefresh).toEqual({
      enabled: true,
      lastRunAt: due.toISOString(),
      lastOutcome: `started ${started[0]}`,
    });
    // The key is the schedule's local day, not the UTC day.
    const key = await f.t.server.ctx.prisma.idempotencyRecord.findFirstOrThrow({
      where: { resourceId: started[0] },
    });
    expect(key.key).toBe(`schedule-seo:${tokyoDay(due)}`);
    expect(tokyoDay(due)).not.toBe(due.toISOString().slice(0, 10));

    // The scheduled refresh pulls and reports the ledger's charge like any other.
    const postedBefore = await postedOf(f.t, f.slug, f.cookie);
    await executeSeoRefresh({ ctx: f.t.server.ctx, refreshId: started[0] as string });
    const done = await f.get(started[0] as string);
    expect(done.body).toMatchObject({ status: "succeeded", rowsStored: 15 });
    await expectReportedCostCharged(f.t, f.slug, f.cookie, {
      operationId: started[0] as string,
      reportedMicrousd: done.body.costMicrousd,
      postedBefore,
    });
  });

  it("starts nothing more that day, even after a worker died before recording", async () => {
    f.t.clock.advance(3600_000);
    expect(await sweep()).toEqual([]);
    // A worker that started the refresh and died before recording it: the next sweep
    // starts with the same day's key and gets the same refresh back.
    await f.t.server.ctx.prisma.workspace.update({
      where: { slug: f.slug },
      data: { scheduleSeoLastRunAt: null, scheduleSeoLastOutcome: null },
    });
    const [only] = await refreshesOf(f.slug);
    expect(await sweep()).toEqual([only?.id]);
    expect(await refreshesOf(f.slug)).toHaveLength(1);
    expect((await getSchedule(f.slug)).seoRefresh.lastOutcome).toBe(`started ${only?.id}`);
  });

  it("starts another at the next local day's occurrence", async () => {
    const next = new Date(due.getTime() + DAY_MS);
    f.t.clock.set(new Date(next.getTime() + 1000));
    const started = await sweep();
    expect(started).toHaveLength(1);
    expect(await refreshesOf(f.slug)).toHaveLength(2);
    const key = await f.t.server.ctx.prisma.idempotencyRecord.findFirstOrThrow({
      where: { resourceId: started[0] },
    });
    expect(key.key).toBe(`schedule-seo:${tokyoDay(next)}`);
    expect((await getSchedule(f.slug)).seoRefresh.lastRunAt).toBe(next.toISOString());
    await executeSeoRefresh({ ctx: f.t.server.ctx, refreshId: started[0] as string });
  });

  it("is skipped without a connection: recorded, audited once, nothing held or charged", async () => {
    const slug = await f.t.createWorkspace(f.cookie, { brand: "seo-sched-bare" });
    const set = await setSchedule(slug);
    f.t.clock.set(new Date(new Date(set.nextRunAt).getTime() + 1000));
    await sweep();
    await sweep();
    expect(await refreshesOf(slug)).toEqual([]);
    expect((await getSchedule(slug)).seoRefresh.lastOutcome).toBe(
      "skipped: no connection configured",
    );
    await expectSkipAudited(slug, "connection_not_configured");
  });

  it("is skipped when the balance cannot cover the reservation", async () => {
    // The owner's second connected workspace: the free credit went to the first.
    const slug = await f.connectedWorkspace("seo-sched-broke");
    const set = await setSchedule(slug);
    f.t.clock.set(new Date(new Date(set.nextRunAt).getTime() + 1000));
    await sweep();
    expect(await refreshesOf(slug)).toEqual([]);
    expect((await getSchedule(slug)).seoRefresh.lastOutcome).toBe("skipped: insufficient credits");
    await expectSkipAudited(slug, "insufficient_credits");
    const balance = await f.t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, {
      cookie: f.cookie,
    });
    expect(balance.body).toMatchObject({ postedMicrousd: 0, heldMicrousd: 0 });
  });

  it("DELETE of the schedule turns it off; nothing more starts", async () => {
    expect((await f.t.request("DELETE", schedule(f.slug), { cookie: f.cookie })).status).toBe(204);
    expect((await getSchedule(f.slug)).seoRefresh.enabled).toBe(false);
    f.t.clock.advance(2 * DAY_MS);
    const before = (await refreshesOf(f.slug)).length;
    await sweep();
    expect(await refreshesOf(f.slug)).toHaveLength(before);
  });
});

async function expectSkipAudited(slug: string, code: string) {
  const prisma = f.t.server.ctx.prisma;
  const ws = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const audit = await prisma.auditEvent.findMany({
    where: { workspaceId: ws.id, action: "run_schedule.seo_skip" },
  });
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ actorType: "system", metadata: { code } });
}
