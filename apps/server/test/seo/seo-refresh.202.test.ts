import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeSeoRefresh } from "../../src/services/seo/execute-seo-refresh.js";
import { expectReportedCostCharged, postedOf } from "../credits/metered-charge.js";
import { PAGE_ROWS, type SeoFixture, startSeoFixture, trafficSources } from "./seo-fixture.js";

/**
 * A refresh through the real server and Google's clients against the wire-format fakes: seven
 * Search Console rows and eight GA4 rows in pages of three, a 429 with Retry-After between
 * pages, rows upserted on their natural keys, AI referrers classified, and the cost the
 * ledger charged (500 micro-USD per page fetched). The job runs in the test process (workers
 * off), as a worker's handler would.
 */
let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-refresh");
});
afterAll(() => f.close());

const counts = async (workspaceSlug: string) => {
  const ws = await f.t.server.ctx.prisma.workspace.findUniqueOrThrow({
    where: { slug: workspaceSlug },
  });
  return {
    search: await f.t.server.ctx.prisma.seoSearchRow.count({ where: { workspaceId: ws.id } }),
    traffic: await f.t.server.ctx.prisma.seoTrafficRow.count({ where: { workspaceId: ws.id } }),
  };
};

/** Records the clock's sleeps (the manual clock advances instead of waiting). */
function recordSleeps(fail?: () => Error) {
  const clock = f.t.server.ctx.clock;
  const original = clock.sleep.bind(clock);
  const sleeps: number[] = [];
  clock.sleep = async (ms: number) => {
    sleeps.push(ms);
    if (fail) throw fail();
    return original(ms);
  };
  return { sleeps, restore: () => (clock.sleep = original) };
}

describe("startSeoRefresh: 202 and the job", () => {
  let refreshId: string;

  it("queues a refresh over the last 28 days with its reservation", async () => {
    const response = await f.refresh({});
    expect(response.status, response.text).toBe(202);
    refreshId = response.body.refreshId;
    expect(response.body).toMatchObject({
      refreshId: expect.stringMatching(/^seo_/),
      workspace: f.slug,
      status: "queued",
      progress: [
        { source: "search_console", pagesFetched: 0, rowsStored: 0, done: false },
        { source: "analytics", pagesFetched: 0, rowsStored: 0, done: false },
      ],
      skippedSources: [],
      rowsStored: 0,
      reservedMicrousd: 40_000,
      costMicrousd: 0,
      error: null,
      startedAt: null,
      finishedAt: null,
    });
    const days = (Date.parse(response.body.to) - Date.parse(response.body.from)) / 86_400_000 + 1;
    expect(days).toBe(28);
  });

  it("pulls every page, waits out a 429's Retry-After, and reports the ledger's charge", async () => {
    const postedBefore = await postedOf(f.t, f.slug, f.cookie);
    f.rateLimitQuery(2, 7); // the second page of Search Console answers 429, Retry-After: 7
    const { sleeps, restore } = recordSleeps();
    try {
      await executeSeoRefresh({ ctx: f.t.server.ctx, refreshId });
    } finally {
      restore();
    }
    expect(sleeps).toEqual([7_000]);
    const done = (await f.get(refreshId)).body;
    expect(done).toMatchObject({
      status: "succeeded",
      progress: [
        { source: "search_console", pagesFetched: 3, rowsStored: 7, done: true },
        { source: "analytics", pagesFetched: 3, rowsStored: 8, done: true },
      ],
      rowsStored: 15,
      truncated: false,
      costMicrousd: 6 * 500,
      error: null,
    });
    expect(await counts(f.slug)).toEqual({ search: 7, traffic: 8 });
    await expectReportedCostCharged(f.t, f.slug, f.cookie, {
      operationId: refreshId,
      reportedMicrousd: done.costMicrousd,
      postedBefore,
    });
    const searchCalls = f.google.requests.filter((r) => r.path.endsWith("/searchAnalytics/query"));
    expect(searchCalls.map((r) => JSON.parse(r.body).startRow)).toEqual([0, 3, 3, 6]);
    expect(JSON.parse(searchCalls[0]?.body ?? "{}")).toMatchObject({
      dimensions: ["date", "query", "page"],
      rowLimit: PAGE_ROWS,
    });
    const connections = await f.t.request<any>("GET", `/api/v1/workspaces/${f.slug}/connections`, {
      cookie: f.cookie,
    });
    expect(connections.body.data.map((c: any) => c.lastSyncedAt)).toEqual([
      done.finishedAt,
      done.finishedAt,
    ]);
  });

  it("stores Search Console figures and classifies AI referrers per GA4 row", async () => {
    const prisma = f.t.server.ctx.prisma;
    const search = await prisma.seoSearchRow.findFirstOrThrow({ where: { query: "acme query 0" } });
    expect(search).toMatchObject({ clicks: 10, impressions: 100, page: "https://acme.com/p0" });
    expect(search.ctr).toBeCloseTo(0.1);
    const traffic = await prisma.seoTrafficRow.findMany({ orderBy: { landingPage: "asc" } });
    expect(traffic.map((r) => [r.sessionSource, r.aiEngine])).toEqual(trafficSources);
    expect(traffic[0]).toMatchObject({ landingPage: "/landing-0", sessions: 20, conversions: 0 });
  });

  it("lists refreshes newest first", async () => {
    const list = await f.t.request<any>("GET", `/api/v1/workspaces/${f.slug}/seo/refreshes`, {
      cookie: f.cookie,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: any) => r.refreshId)).toEqual([refreshId]);
  });

  it("defaults to an incremental range after a succeeded refresh", async () => {
    const first = (await f.get(refreshId)).body;
    const response = await f.refresh({ idempotencyKey: "incremental" });
    expect(response.status).toBe(202);
    const from = new Date(Date.parse(first.to) - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(response.body).toMatchObject({ from, to: first.to });
    await executeSeoRefresh({ ctx: f.t.server.ctx, refreshId: response.body.refreshId });
    expect((await f.get(response.body.refreshId)).body.status).toBe("succeeded");
    expect(await counts(f.slug)).toEqual({ search: 7, traffic: 8 });
  });

  it("resumes after a worker died mid-refresh: no row twice, one charge", async () => {
    const slug = await f.connectedWorkspace("seo-resume");
    const topUp = await f.t.request("POST", `/api/v1/workspaces/${slug}/credits/top-up`, {
      cookie: f.cookie,
      body: { amountMicrousd: 1_000_000, idempotencyKey: "seo-resume" },
    });
    expect(topUp.status).toBe(200);
    const postedBefore = await postedOf(f.t, slug, f.cookie);
    const started = await f.refresh({}, slug);
    expect(started.status).toBe(202);
    const id: string = started.body.refreshId;
    // The worker dies while it waits out a 429 after the first Search Console page.
    f.rateLimitQuery(2, 30);
    const killed = recordSleeps(() => new Error("worker killed"));
    try {
      await expect(executeSeoRefresh({ ctx: f.t.server.ctx, refreshId: id })).rejects.toThrow(
        "worker killed",
      );
    } finally {
      killed.restore();
    }
    const left = (await f.get(id, slug)).body;
    expect(left).toMatchObject({
      status: "running",
      progress: [
        { source: "search_console", pagesFetched: 1, rowsStored: 3, done: false },
        { source: "analytics", pagesFetched: 0, rowsStored: 0, done: false },
      ],
      finishedAt: null,
    });
    expect(await counts(slug)).toEqual({ search: 3, traffic: 0 });
    // The retried job (pg-boss retries a dead worker's job), twice at once and once more after.
    await Promise.all([
      executeSeoRefresh({ ctx: f.t.server.ctx, refreshId: id }),
      executeSeoRefresh({ ctx: f.t.server.ctx, refreshId: id }),
    ]);
    await executeSeoRefresh({ ctx: f.t.server.ctx, refreshId: id });
    const done = (await f.get(id, slug)).body;
    expect(done).toMatchObject({
      status: "succeeded",
      progress: [
        { source: "search_console", pagesFetched: 3, rowsStored: 7, done: true },
        { source: "analytics", pagesFetched: 3, rowsStored: 8, done: true },
      ],
      costMicrousd: 3_000,
    });
    expect(await counts(slug)).toEqual({ search: 7, traffic: 8 });
    await expectReportedCostCharged(f.t, slug, f.cookie, {
      operationId: id,
      reportedMicrousd: done.costMicrousd,
      postedBefore,
    });
    const settlements = await f.t.server.ctx.prisma.creditLedgerEntry.count({
      where: {
        reservationId: (await f.t.server.ctx.prisma.seoRefresh.findUniqueOrThrow({ where: { id } }))
          .reservationId,
        kind: "settlement",
      },
    });
    expect(settlements).toBe(1);
  });
});
