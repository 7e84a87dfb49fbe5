import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MetricsHead, metricsHeadKey } from "../../src/services/metrics/load-metrics-head.js";
import { RECENT_RUNS } from "../../src/services/metrics/load-run-summary.js";
import { eventually } from "../harness/eventually.js";
import { hostedSecretsEnv, startTestServer, type TestServer } from "../harness/test-server.js";
import { runAndWait, seedPrompt } from "../metrics/metrics-fixtures.js";
import { waitForRun } from "../runs/run-fixtures.js";
import { call, competitor, workspaceIdOf } from "../workspace-config/config-fixtures.js";

// The workspace read cache (the workspace view and the metrics heads) must
// never outlive a change: every test warms the cache (and checks the entry is
// there), changes what the read covers, and expects the very next read to see
// it; other processes, and writes outside this process's API, within the
// database notice's round trip.
let t: TestServer;
let cookie: string;
let slug: string;
let workspaceId: string;
beforeAll(async () => {
  // Fixed secrets: a second server on the same database must verify the same cookies.
  t = await startTestServer({ env: hostedSecretsEnv });
  t.clock.set("2026-03-04T12:00:00.000Z");
  cookie = await t.signIn("head-cache@example.com");
  slug = await t.createWorkspace(cookie, { brand: "head-cache" });
  workspaceId = (await workspaceIdOf(t, slug)) as string;
});
afterAll(() => t.close());

const metrics = (server = t) =>
  server.request<any>("GET", `/api/v1/workspaces/${slug}/metrics`, { cookie });
const scoreboard = (server = t) =>
  server.request<any>("GET", `/api/v1/workspaces/${slug}/scoreboard`, { cookie });
const cachedHead = (server = t) =>
  server.server.ctx.workspaceReads.get<MetricsHead>(
    workspaceId,
    metricsHeadKey(undefined, RECENT_RUNS),
  );
const workspace = (server = t) =>
  server.request<any>("GET", `/api/v1/workspaces/${slug}`, { cookie });
const cachedView = (server = t) =>
  server.server.ctx.workspaceReads.get<{ displayName: string }>(workspaceId, "workspace");
const balance = (server = t, as = cookie) =>
  server.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, { cookie: as });
const cachedBalance = (server = t) =>
  server.server.ctx.workspaceReads.get<{ posted: bigint }>(workspaceId, "credit-balance");
const names = (server = t) => cachedHead(server)?.scope.entities.map((e) => e.name);

/**
 * The cached head once a read stores it and `accept` holds. A read that overlaps
 * a change's notice (even this process's own write's) is served but not stored,
 * so one read is not always enough to see the entry.
 */
const headOnceCached = (accept: (head: MetricsHead) => boolean, server = t) =>
  eventually(async () => {
    await metrics(server);
    const head = cachedHead(server);
    return head && accept(head) ? head : undefined;
  }, 5_000);
const namesOf = (head: MetricsHead) => head.scope.entities.map((e) => e.name);
const namesOnceCached = async (expected: string[], server = t) =>
  namesOf(
    await headOnceCached(
      (head) => JSON.stringify(namesOf(head)) === JSON.stringify(expected),
      server,
    ),
  );

/** The head in the cache, then served from it (a read overlapping a change is not stored). */
async function warm(server = t): Promise<void> {
  await eventually(async () => {
    expect((await metrics(server)).status).toBe(200);
    return cachedHead(server);
  }, 2_000);
  const again = await metrics(server);
  expect(again.status).toBe(200);
}

/** The workspace view in the cache, then served from it. */
async function warmView(server = t): Promise<void> {
  await eventually(async () => {
    expect((await workspace(server)).status).toBe(200);
    return cachedView(server);
  }, 2_000);
  expect((await workspace(server)).status).toBe(200);
}

describe("the workspace view served from the cache", () => {
  it("answers the same view, with the caller's role", async () => {
    const first = await workspace();
    await warmView();
    const cached = await workspace();
    expect(cached.body).toEqual(first.body);
    expect(cached.body.role).toBe("owner");
  });

  it("a settings change is in the very next read", async () => {
    await warmView();
    const patched = await call(t, { cookie }, "PATCH", slug, "/settings", {
      displayName: "Cached Renamed",
    });
    expect(patched.status, patched.text).toBe(200);
    expect(cachedView()).toBeUndefined();
    expect((await workspace()).body.displayName).toBe("Cached Renamed");
  });

  it("a competitor change is in the very next read", async () => {
    await warmView();
    const created = await call(t, { cookie }, "POST", slug, "/competitors", competitor("Vandelay"));
    expect(created.status, created.text).toBe(201);
    expect((await workspace()).body.competitors.map((c: any) => c.name)).toContain("Vandelay");
    const id = created.body.competitorId;
    expect((await call(t, { cookie }, "DELETE", slug, `/competitors/${id}`)).status).toBe(204);
    expect((await workspace()).body.competitors.map((c: any) => c.name)).not.toContain("Vandelay");
  });

  it("a write outside the API (a worker's inbox provisioning) drops the view when it commits", async () => {
    await warmView();
    await t.server.ctx.prisma.workspace.update({
      where: { id: workspaceId },
      data: { emailAttempts: { increment: 1 } },
    });
    const attempts = (
      await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })
    ).emailAttempts;
    await eventually(async () => (cachedView() === undefined ? true : undefined), 1_000);
    expect((await workspace()).body.emailProvisioning.attempts).toBe(attempts);
  });
});

/** The balance's account and first expiry in the cache, then served from it. */
async function warmBalance(server = t): Promise<void> {
  await eventually(async () => {
    expect((await balance(server)).status).toBe(200);
    return cachedBalance(server);
  }, 2_000);
  expect((await balance(server)).status).toBe(200);
}

describe("the credit balance served from the cache", () => {
  it("a top-up is in the very next read", async () => {
    await warmBalance();
    const before = (await balance()).body.postedMicrousd;
    const topUp = await t.request<any>("POST", `/api/v1/workspaces/${slug}/credits/top-up`, {
      cookie,
      body: { amountMicrousd: 2_000_000, idempotencyKey: "cache-top-up" },
    });
    expect(topUp.status, topUp.text).toBe(200);
    expect((await balance()).body.postedMicrousd).toBe(before + 2_000_000);
  });

  it("a ledger write outside the API (a run's hold, a sweep) drops it when it commits", async () => {
    await warmBalance();
    const before = (await balance()).body;
    await t.server.ctx.prisma.creditAccount.update({
      where: { workspaceId },
      data: { heldMicrousd: { increment: 1_000 } },
    });
    await eventually(
      async () =>
        (await balance()).body.heldMicrousd === before.heldMicrousd + 1_000 ? true : undefined,
      1_000,
    );
    expect((await balance()).body.availableMicrousd).toBe(before.availableMicrousd - 1_000);
    await t.server.ctx.prisma.creditAccount.update({
      where: { workspaceId },
      data: { heldMicrousd: { decrement: 1_000 } },
    });
    await eventually(
      async () => ((await balance()).body.heldMicrousd === before.heldMicrousd ? true : undefined),
      1_000,
    );
  });
});

describe("metrics heads served from the cache", () => {
  it("an empty workspace's view comes from memory, unchanged", async () => {
    const first = await metrics();
    await warm();
    const cached = await metrics();
    expect(cached.body).toEqual(first.body);
    expect(cached.body.latestRun).toBeNull();
    expect(names()).toEqual(["head-cache", "Globex", "Initech"]);
  });

  it("a competitor added, renamed and removed is in the very next read", async () => {
    await warm();
    const created = await call(t, { cookie }, "POST", slug, "/competitors", competitor("Umbrella"));
    expect(created.status, created.text).toBe(201);
    expect(cachedHead()).toBeUndefined();
    expect(await namesOnceCached(["head-cache", "Globex", "Initech", "Umbrella"])).toHaveLength(4);

    const id = created.body.competitorId;
    const renamed = await call(t, { cookie }, "PATCH", slug, `/competitors/${id}`, {
      name: "Umbrella Corp",
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(cachedHead()).toBeUndefined();
    expect(
      await namesOnceCached(["head-cache", "Globex", "Initech", "Umbrella Corp"]),
    ).toHaveLength(4);

    expect((await call(t, { cookie }, "DELETE", slug, `/competitors/${id}`)).status).toBe(204);
    expect(cachedHead()).toBeUndefined();
    expect(await namesOnceCached(["head-cache", "Globex", "Initech"])).toHaveLength(3);
  });

  it("a new measurement model's weights are in the very next read", async () => {
    await warm();
    const model = (await call(t, { cookie }, "GET", slug, "/model")).body;
    const { isDefault: _isDefault, ...body } = model;
    const weights = { visibility: 0.7, shareOfVoice: 0.1, position: 0.1, citation: 0.1 };
    const put = await call(t, { cookie }, "PUT", slug, "/model", { ...body, weights });
    expect(put.status, put.text).toBe(200);
    expect(cachedHead()).toBeUndefined();
    const head = await headOnceCached((cached) => cached.scope.weights.visibility === 0.7);
    expect(head.scope.weights).toMatchObject(weights);
  });

  it("a write outside the API (another process, a worker) drops the head when it commits", async () => {
    await warm();
    await t.server.ctx.prisma.workspace.update({
      where: { id: workspaceId },
      data: { brand: "head-cache-renamed" },
    });
    // The database's trigger announces the change; the notice arrives within milliseconds.
    await eventually(async () => (cachedHead() === undefined ? true : undefined), 1_000);
    expect((await scoreboard()).body.brand).toBe("head-cache-renamed");
    await t.server.ctx.prisma.workspace.update({
      where: { id: workspaceId },
      data: { brand: "head-cache" },
    });
    await eventually(
      async () => ((await scoreboard()).body.brand === "head-cache" ? true : undefined),
      1_000,
    );
  });

  it("a run started, finished and rolled up is in the next read", async () => {
    await seedPrompt(t, slug, "brand_research", "which analytics tool is best");
    await warm();
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "smoke" },
    });
    expect(started.status, started.text).toBe(202);
    // Started through this process's API: the head is dropped before the answer.
    const during = await metrics();
    expect(during.body.recentRuns.length).toBe(1);
    const run = await waitForRun(t, slug, started.body.runId, cookie, 60_000);
    const after = await metrics();
    expect(after.body.recentRuns.map((r: any) => r.status)).toEqual([run.status]);
    expect(after.body.latestRun.runIds).toContain(run.runId);
    // The run's rollups: the day exists, with every entity's share of voice. (Whether
    // its one simulated answer cites anything depends on the run id, so the most-cited
    // domains are not asserted.)
    const cachedEntities = namesOf(await headOnceCached(() => true));
    expect(after.body.shareOfVoice.map((e: any) => e.entity)).toEqual(cachedEntities);
    expect(after.body.scoreboard.date).toBe("2026-03-04");
  });
});

// Two API processes on one PostgreSQL database: a change made through one
// reaches the other's cache through the trigger's notice.
describe.runIf(process.env.DATABASE_URL)("a second server on the same database", () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({ env: hostedSecretsEnv, shareDatabaseWith: t });
    other.clock.set(t.clock.now().toISOString());
  });
  afterAll(() => other.close());

  const soon = <T>(check: () => Promise<T | undefined>) => eventually(check, 5_000);

  it("sees a settings change made through the first", async () => {
    await warmView(other);
    const patched = await call(t, { cookie }, "PATCH", slug, "/settings", {
      displayName: "Renamed Elsewhere",
    });
    expect(patched.status, patched.text).toBe(200);
    await soon(async () =>
      (await workspace(other)).body.displayName === "Renamed Elsewhere" ? true : undefined,
    );
  });

  it("sees a top-up made through the first", async () => {
    await warmBalance(other);
    const before = (await balance(other)).body.postedMicrousd;
    const topUp = await t.request<any>("POST", `/api/v1/workspaces/${slug}/credits/top-up`, {
      cookie,
      body: { amountMicrousd: 3_000_000, idempotencyKey: "cache-top-up-far" },
    });
    expect(topUp.status, topUp.text).toBe(200);
    await soon(async () =>
      (await balance(other)).body.postedMicrousd === before + 3_000_000 ? true : undefined,
    );
  });

  it("sees a competitor added through the first", async () => {
    await warm(other);
    const created = await call(t, { cookie }, "POST", slug, "/competitors", competitor("Hooli"));
    expect(created.status).toBe(201);
    const withHooli = await headOnceCached((head) => namesOf(head).includes("Hooli"), other);
    expect(namesOf(withHooli)).toContain("Hooli");
    expect(
      (await call(t, { cookie }, "DELETE", slug, `/competitors/${created.body.competitorId}`))
        .status,
    ).toBe(204);
    const withoutHooli = await headOnceCached((head) => !namesOf(head).includes("Hooli"), other);
    expect(namesOf(withoutHooli)).not.toContain("Hooli");
  });

  it("sees a run finished and rolled up through the first", async () => {
    await warm(other);
    const before = (await metrics(other)).body.recentRuns.length;
    const run = await runAndWait(t, slug, cookie, "smoke");
    const seen = await soon(async () => {
      const body = (await metrics(other)).body;
      return body.recentRuns.length === before + 1 ? body : undefined;
    });
    expect(seen.latestRun.runIds).toContain(run.runId);
    expect(seen.recentRuns[0].status).toBe(run.status);
  });
});

// Last: the clock moves past the free grant's expiry (sessions end on the way).
describe("the credit balance by the clock", () => {
  it("a lot expiring is in the very next read, with no write in between", async () => {
    await warmBalance();
    const before = (await balance()).body;
    const grantExpiry = new Date(before.nextExpiryAt).getTime();
    t.clock.set(new Date(grantExpiry - 1).toISOString());
    const later = await t.signIn("head-cache@example.com");
    expect((await balance(t, later)).body).toEqual(before);
    t.clock.advance(1);
    const expired = (await balance(t, later)).body;
    // What is left of the grant (a run spent part of it) is written down and no longer counted.
    const lot = await t.server.ctx.prisma.creditLot.findFirstOrThrow({
      where: { workspaceId, expiresAt: new Date(grantExpiry) },
    });
    expect(lot.remainingMicrousd).toBe(0n);
    expect(expired.postedMicrousd).toBeLessThan(before.postedMicrousd);
    expect(expired.nextExpiryAt).not.toBe(before.nextExpiryAt);
    expect((await balance(t, later)).body).toEqual(expired);
  });
});
