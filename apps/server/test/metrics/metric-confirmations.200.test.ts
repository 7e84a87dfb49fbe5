import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRMATION_REPETITIONS } from "../../src/metrics/adaptive-confirmation.js";
import { expireConfirmations } from "../../src/services/confirmations/expire-confirmations.js";
import { refreshConfirmations } from "../../src/services/confirmations/refresh-confirmations.js";
import { startScheduledConfirmations } from "../../src/services/run-schedule/start-scheduled-confirmations.js";
import { startScheduledRuns } from "../../src/services/run-schedule/start-scheduled-runs.js";
import { planConfirmationRun } from "../../src/services/runs/plan-run.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { workspaceJobsSettled } from "../harness/workspace-jobs.js";
import { waitForRun } from "../runs/run-fixtures.js";
import { competitor } from "../workspace-config/config-fixtures.js";
import { seedVisibility } from "./change-fixtures.js";

/**
 * Adaptive sampling in the service (docs/metrics.md, "Adaptive sampling"): a borderline test
 * on the latest day starts a confirmation; the schedule's occurrences start its confirmation
 * runs within the monthly budget; no metric, fact or drill-down counts the extra answers; a
 * fresh day is counted once its runs have all finished; a change of the analysis, or 21 days,
 * expire it. The seed is one where the brand's +10-point week on the simulated engine is
 * borderline (p 5.0e-4) and not flagged. The injected clock moves the days.
 */
let t: TestServer;
let owner: string;
let stranger: string;
let workspaceId: string;
const slug = "confirm-brand";
const base = `/api/v1/workspaces/${slug}`;
const seeded = {
  days: 63,
  lastDay: "2026-06-30",
  prompts: 20,
  engines: ["simulated"],
  rates: { self: 0.3 },
  jump: { entity: "self", engine: "simulated", points: 10, fromDay: 56 },
  seed: "cnf/10/31",
  markAnalysed: true,
};

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set("2026-07-01T05:00:00.000Z");
  owner = await t.signIn("confirm-owner@example.com");
  stranger = await t.signIn("confirm-stranger@example.com");
  await t.createWorkspace(owner, { brand: slug });
  await t.createWorkspace(stranger, { brand: "confirm-other" });
  ({ workspaceId } = await seedVisibility(t, slug, seeded));
}, 120_000);
afterAll(() => t.close());

const ctx = () => t.server.ctx;
const list = async (query = "", at = base) => {
  const response = await t.request<any>("GET", `${at}/metrics/confirmations${query}`, {
    cookie: owner,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
};
const schedule = async () =>
  (await t.request<any>("GET", `${base}/run-schedule`, { cookie: owner })).body;
const setBudget = async (monthlyBudgetMicrousd: number | null, at = base) => {
  const put = await t.request<any>("PUT", `${at}/run-schedule`, {
    cookie: owner,
    body: {
      cron: "0 6 * * *",
      timezone: "UTC",
      preset: "smoke",
      confirmations: { monthlyBudgetMicrousd },
    },
  });
  expect(put.status, put.text).toBe(200);
  return put.body;
};
const sweep = async () => {
  await startScheduledRuns({ ctx: ctx() });
  return startScheduledConfirmations({ ctx: ctx() });
};

describe("adaptive sampling's confirmations", () => {
  let confirmationId: string;
  let estimate: bigint;

  it("start only with a budget, once per series and borderline day", async () => {
    expect(await refreshConfirmations({ ctx: ctx(), workspaceId })).toEqual([]);
    const set = await setBudget(1_000_000);
    expect(set.confirmations).toEqual({
      monthlyBudgetMicrousd: 1_000_000,
      spentThisMonthMicrousd: 0,
      lastRunAt: null,
      lastOutcome: null,
    });
    const started = await refreshConfirmations({ ctx: ctx(), workspaceId });
    // The brand's series on the simulated engine; its pooled series, the same answers with one
    // engine, is left to it.
    expect(started).toHaveLength(1);
    expect(await refreshConfirmations({ ctx: ctx(), workspaceId })).toEqual([]);
    const { data, nextCursor } = await list("?limit=1");
    expect(nextCursor).toBeNull();
    const [c] = data;
    expect(c).toMatchObject({
      id: started[0],
      entityId: "self",
      engine: "simulated",
      date: "2026-06-30",
      direction: "up",
      status: "collecting",
      expiredBecause: null,
      engines: ["simulated"],
      fresh: { days: 0, answers: 0, extraAnswers: 0, rate: null, low: null, high: null },
      decidedOn: null,
      runs: 0,
      costMicrousd: 0,
    });
    expect(c.pValue).toBeGreaterThan(0);
    expect(c.pValue).toBeLessThanOrEqual(0.001);
    expect(c.promptIds).toHaveLength(10);
    // The reference window: the 28 days before the detector's baseline.
    expect(c.reference).toMatchObject({ from: "2026-04-29", to: "2026-05-26", days: 28 });
    expect(c.reference.bound).toBeGreaterThan(c.reference.rate);
    expect((await list("?status=confirmed")).data).toEqual([]);
    // Another account sees none of it.
    const foreign = await t.request<any>("GET", `${base}/metrics/confirmations`, {
      cookie: stranger,
    });
    expect(foreign.status).toBe(404);
    confirmationId = c.id;
  }, 60_000);

  it("an occurrence over the budget starts no confirmation run and says so", async () => {
    const stored = await ctx().prisma.metricConfirmation.findUniqueOrThrow({
      where: { id: confirmationId },
    });
    const workspace = await ctx().prisma.workspace.findUniqueOrThrow({
      where: { id: workspaceId },
    });
    const plan = await planConfirmationRun(ctx(), ctx().prisma, workspace, {
      promptIds: stored.promptIds,
      engines: stored.engines,
      repetitions: CONFIRMATION_REPETITIONS,
    });
    estimate = plan?.estimateMicrousd ?? 0n;
    expect(estimate).toBeGreaterThan(0n);
    await setBudget(Number(estimate) - 1);
    t.clock.set("2026-07-01T06:00:01.000Z");
    // Two sweeps (or the server's own sweeper meanwhile) act on the occurrence once.
    await Promise.all([sweep(), sweep()]);
    const after = await schedule();
    expect(after.confirmations).toMatchObject({
      lastRunAt: "2026-07-01T06:00:00.000Z",
      lastOutcome: "skipped 1: monthly confirmation budget reached",
      spentThisMonthMicrousd: 0,
    });
    const runs = await t.request<any>("GET", `${base}/runs`, { cookie: owner });
    expect(runs.body.data.map((r: any) => r.purpose)).toEqual(["measurement"]);
    await waitForRun(t, slug, runs.body.data[0].runId, owner, 60_000);
  }, 60_000);

  it("the next occurrence asks the followed prompts within the budget, counted by no metric", async () => {
    await setBudget(Number(estimate));
    // A day is counted once every run of it has finished: this one, unfinished, holds 07-02
    // back whatever refreshes the confirmations meanwhile (the finished runs queue one).
    const unfinished = await ctx().prisma.run.create({
      data: {
        id: "run_01JZZZZZZZZZZZZZZZZZZZZZZZ",
        workspaceId,
        preset: "smoke",
        status: "queued",
        engines: ["simulated"],
        skippedEngines: [],
        repetitions: 1,
        promptCount: 0,
        totalTasks: 0,
        completedTasks: 0,
        failedTasks: 0,
        estimateMicrousd: 0n,
        costMicrousd: 0n,
        triggeredBy: "user",
        createdAt: new Date("2026-07-02T06:00:01.000Z"),
      },
    });
    t.clock.set("2026-07-02T06:00:01.000Z");
    owner = await t.signIn("confirm-owner@example.com");
    await Promise.all([sweep(), sweep()]);
    const runs = await t.request<any>("GET", `${base}/runs?purpose=confirmation`, {
      cookie: owner,
    });
    expect(runs.body.data).toHaveLength(1);
    const [run] = runs.body.data;
    const confirmationRun = run.runId as string;
    expect((await schedule()).confirmations.lastOutcome).toBe(`started ${confirmationRun}`);
    expect(run).toMatchObject({
      purpose: "confirmation",
      confirmationId,
      trigger: "schedule",
      repetitions: CONFIRMATION_REPETITIONS,
      promptCount: 10,
      progress: { total: 10 * CONFIRMATION_REPETITIONS },
      estimateMicrousd: Number(estimate),
    });
    const measurement = (
      await t.request<any>("GET", `${base}/runs?purpose=measurement&limit=1`, { cookie: owner })
    ).body.data;
    const measured = await waitForRun(t, slug, measurement[0].runId, owner, 60_000);
    const finished = await waitForRun(t, slug, confirmationRun, owner, 60_000);
    expect(finished.progress.completed).toBe(10 * CONFIRMATION_REPETITIONS);
    expect((await schedule()).confirmations.spentThisMonthMicrousd).toBe(finished.costMicrousd);

    // The day's rollups, facts and answers are the measurement run's alone.
    const prisma = ctx().prisma;
    const day = new Date("2026-07-02T00:00:00.000Z");
    const [{ responses } = { responses: -1 }] = await prisma.$queryRawUnsafe<
      Array<{ responses: number }>
    >(
      `SELECT responses::int FROM metric_days WHERE workspace_id = $1 AND day = $2::date`,
      workspaceId,
      "2026-07-02",
    );
    expect(responses).toBe(measured.progress.completed);
    expect(await prisma.responseFacts.count({ where: { workspaceId, day } })).toBe(responses);
    const extra = await prisma.engineResponse.findMany({
      where: { runId: confirmationRun },
      select: { purpose: true, facts: true },
    });
    expect(extra.every((r) => r.purpose === "confirmation" && r.facts === null)).toBe(true);
    const answers = await t.request<any>(
      "GET",
      `${base}/answers?from=2026-07-02&to=2026-07-02&limit=100`,
      { cookie: owner },
    );
    expect(answers.status, answers.text).toBe(200);
    expect(answers.body.total).toBe(responses);

    await workspaceJobsSettled(t, workspaceId);
    await refreshConfirmations({ ctx: ctx(), workspaceId });
    const waiting = (await list()).data[0];
    expect(waiting.fresh.extraAnswers).toBe(0);
    await prisma.run.delete({ where: { id: unfinished.id } });
    const metrics = await t.request<any>("GET", `${base}/metrics`, { cookie: owner });
    expect(metrics.status, metrics.text).toBe(200);
    expect(metrics.body.latestRun).toMatchObject({
      runIds: [measured.runId],
      responseCount: responses,
    });

    // Counted: the measurement's answers of the followed prompts on both days and the 40 extra
    // ones.
    await refreshConfirmations({ ctx: ctx(), workspaceId });
    const stored = await prisma.metricConfirmation.findUniqueOrThrow({
      where: { id: confirmationId },
    });
    const measuredFollowed = await prisma.responseFacts.count({
      where: {
        workspaceId,
        day: { gte: new Date("2026-07-01") },
        promptId: { in: stored.promptIds },
      },
    });
    const c = (await list()).data[0];
    expect(c.fresh).toMatchObject({
      answers: 10 * CONFIRMATION_REPETITIONS + measuredFollowed,
      extraAnswers: 10 * CONFIRMATION_REPETITIONS,
    });
    expect(c.fresh.days).toBe((stored.freshLog as unknown[]).length);
    expect(c.runs).toBe(1);
    expect(c.costMicrousd).toBe(finished.costMicrousd);
    expect(c.fresh.low).toBeLessThan(c.fresh.rate);
    // Confirmed exactly when the sequence's lower bound passes the reference bound.
    expect(c.status).toBe(c.fresh.low > c.reference.bound ? "confirmed" : "collecting");
  }, 120_000);

  it("a change of the analysis expires a confirmation; 21 days expire what is left", async () => {
    const other = "confirm-later";
    await t.createWorkspace(owner, { brand: other });
    const later = await seedVisibility(t, other, { ...seeded, lastDay: "2026-07-01" });
    await setBudget(1_000_000, `/api/v1/workspaces/${other}`);
    const [first] = await refreshConfirmations({ ctx: ctx(), workspaceId: later.workspaceId });
    expect(first).toBeDefined();
    const added = await t.request<any>("POST", `/api/v1/workspaces/${other}/competitors`, {
      cookie: owner,
      body: competitor("Hooli"),
    });
    expect(added.status, added.text).toBe(201);
    await refreshConfirmations({ ctx: ctx(), workspaceId: later.workspaceId });
    expect((await list("", `/api/v1/workspaces/${other}`)).data[0]).toMatchObject({
      id: first,
      status: "expired",
      expiredBecause: "analysis_changed",
      decidedOn: "2026-07-02",
    });

    // One that nothing refreshes: 21 days after its borderline day the sweep expires it. No
    // schedule: nothing starts meanwhile (and the budget goes with it).
    const idle = "confirm-idle";
    await t.createWorkspace(owner, { brand: idle });
    const quiet = await seedVisibility(t, idle, { ...seeded, lastDay: "2026-07-01" });
    await setBudget(1_000_000, `/api/v1/workspaces/${idle}`);
    const [waiting] = await refreshConfirmations({ ctx: ctx(), workspaceId: quiet.workspaceId });
    expect(waiting).toBeDefined();
    for (const at of [slug, other, idle]) {
      const removed = await t.request("DELETE", `/api/v1/workspaces/${at}/run-schedule`, {
        cookie: owner,
      });
      expect(removed.status).toBe(204);
    }
    t.clock.set("2026-07-22T12:00:00.000Z");
    owner = await t.signIn("confirm-owner@example.com");
    await expireConfirmations({ ctx: ctx() });
    expect((await list("", `/api/v1/workspaces/${idle}`)).data[0].status).toBe("collecting");
    t.clock.set("2026-07-23T12:00:00.000Z");
    // (The server's own sweeper may have been first.)
    await expireConfirmations({ ctx: ctx() });
    expect((await list("", `/api/v1/workspaces/${idle}`)).data[0]).toMatchObject({
      id: waiting,
      status: "expired",
      expiredBecause: "calendar_days",
      decidedOn: "2026-07-23",
      fresh: { days: 0 },
    });
    expect((await list("?status=collecting")).data).toEqual([]);
  }, 60_000);
});
