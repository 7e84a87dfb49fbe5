import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRMATION_REPETITIONS } from "../../src/metrics/adaptive-confirmation.js";
import { refreshConfirmations } from "../../src/services/confirmations/refresh-confirmations.js";
import { startScheduledConfirmations } from "../../src/services/run-schedule/start-scheduled-confirmations.js";
import { startScheduledRuns } from "../../src/services/run-schedule/start-scheduled-runs.js";
import { planConfirmationRun } from "../../src/services/runs/plan-run.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { waitForRun } from "../runs/run-fixtures.js";
import { seedVisibility } from "./change-fixtures.js";

/**
 * Adaptive sampling in the service (docs/metrics.md, "Adaptive sampling"): a borderline test
 * on the latest day starts a confirmation; the schedule's next occurrence starts its
 * confirmation run within the monthly budget; no metric, fact or drill-down counts the extra
 * answers; the verdict is taken on the fresh day; an unfinished confirmation expires. The seed
 * is one where the brand's +10-point week on the simulated engine is borderline (p 5.0e-4)
 * and not flagged. The injected clock moves the days.
 */
let t: TestServer;
let owner: string;
let stranger: string;
let workspaceId: string;
const slug = "confirm-brand";
const base = `/api/v1/workspaces/${slug}`;

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set("2026-07-01T05:00:00.000Z");
  owner = await t.signIn("confirm-owner@example.com");
  stranger = await t.signIn("confirm-stranger@example.com");
  await t.createWorkspace(owner, { brand: slug });
  await t.createWorkspace(stranger, { brand: "confirm-other" });
  ({ workspaceId } = await seedVisibility(t, slug, {
    days: 63,
    lastDay: "2026-06-30",
    prompts: 20,
    engines: ["simulated"],
    rates: { self: 0.3 },
    jump: { entity: "self", engine: "simulated", points: 10, fromDay: 56 },
    seed: "cnf/10/31",
  }));
}, 120_000);
afterAll(() => t.close());

const ctx = () => t.server.ctx;
const list = async (query = "") => {
  const response = await t.request<any>("GET", `${base}/metrics/confirmations${query}`, {
    cookie: owner,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
};
const schedule = async () =>
  (await t.request<any>("GET", `${base}/run-schedule`, { cookie: owner })).body;
const setBudget = async (monthlyBudgetMicrousd: number | null) => {
  const put = await t.request<any>("PUT", `${base}/run-schedule`, {
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
    // The brand on the simulated engine and pooled (the same answers: one engine).
    expect(started).toHaveLength(2);
    expect(await refreshConfirmations({ ctx: ctx(), workspaceId })).toEqual([]);
    const { data, nextCursor } = await list();
    expect(nextCursor).toBeNull();
    expect(data.map((c: any) => c.engine).sort()).toEqual(["all", "simulated"]);
    for (const c of data) {
      expect(c).toMatchObject({
        entityId: "self",
        date: "2026-06-30",
        direction: "up",
        status: "collecting",
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
    }
    // A page of one continues with the other.
    const first = await list("?limit=1");
    expect(first.data).toHaveLength(1);
    const second = await list(`?limit=1&cursor=${first.nextCursor}`);
    expect(second.data.map((c: any) => c.id)).not.toEqual(first.data.map((c: any) => c.id));
    expect((await list("?status=confirmed")).data).toEqual([]);
    // Another account sees none of it.
    const foreign = await t.request<any>("GET", `${base}/metrics/confirmations`, {
      cookie: stranger,
    });
    expect(foreign.status).toBe(404);
  }, 60_000);

  it("asks the followed prompts at the next occurrence within the budget, counted by no metric", async () => {
    const collecting = await ctx().prisma.metricConfirmation.findMany({
      where: { workspaceId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    const workspace = await ctx().prisma.workspace.findUniqueOrThrow({
      where: { id: workspaceId },
    });
    const plans = await Promise.all(
      collecting.map((c) =>
        planConfirmationRun(ctx(), ctx().prisma, workspace, {
          promptIds: c.promptIds,
          engines: c.engines,
          repetitions: CONFIRMATION_REPETITIONS,
        }),
      ),
    );
    const estimate = plans[0]?.estimateMicrousd ?? 0n;
    expect(estimate).toBeGreaterThan(0n);
    // Room for the first confirmation's run, not the second's.
    await setBudget(Number(estimate + (plans[1]?.estimateMicrousd ?? 0n) - 1n));
    t.clock.set("2026-07-01T06:00:01.000Z");
    // Two sweeps (or the server's own sweeper meanwhile) act on the occurrence once.
    await Promise.all([sweep(), sweep()]);
    const runs = await t.request<any>("GET", `${base}/runs?purpose=confirmation`, {
      cookie: owner,
    });
    expect(runs.body.data).toHaveLength(1);
    const [run] = runs.body.data;
    const confirmationRun = run.runId as string;
    const after = await schedule();
    expect(after.confirmations.lastRunAt).toBe("2026-07-01T06:00:00.000Z");
    expect(after.confirmations.lastOutcome).toBe(
      `started ${confirmationRun}; skipped 1: monthly confirmation budget reached`,
    );
    expect(run).toMatchObject({
      purpose: "confirmation",
      confirmationId: collecting[0]?.id,
      trigger: "schedule",
      repetitions: CONFIRMATION_REPETITIONS,
      promptCount: 10,
      progress: { total: 10 * CONFIRMATION_REPETITIONS },
      estimateMicrousd: Number(estimate),
    });
    const measurement = (
      await t.request<any>("GET", `${base}/runs?purpose=measurement`, { cookie: owner })
    ).body.data;
    expect(measurement).toHaveLength(1);
    const measured = await waitForRun(t, slug, measurement[0].runId, owner, 60_000);
    const finished = await waitForRun(t, slug, confirmationRun, owner, 60_000);
    expect(finished.progress.completed).toBe(10 * CONFIRMATION_REPETITIONS);
    expect((await schedule()).confirmations.spentThisMonthMicrousd).toBe(finished.costMicrousd);

    // The day's rollups, facts and answers are the measurement run's alone.
    const prisma = ctx().prisma;
    const day = new Date("2026-07-01T00:00:00.000Z");
    const [{ responses } = { responses: -1 }] = await prisma.$queryRawUnsafe<
      Array<{ responses: number }>
    >(
      `SELECT responses::int FROM metric_days WHERE workspace_id = $1 AND day = $2::date`,
      workspaceId,
      "2026-07-01",
    );
    expect(responses).toBe(measured.progress.completed);
    expect(await prisma.responseFacts.count({ where: { workspaceId, day } })).toBe(responses);
    const extra = await prisma.engineResponse.findMany({
      where: { runId: confirmationRun },
      select: { purpose: true, facts: true, _count: { select: { mentions: true } } },
    });
    expect(extra.every((r) => r.purpose === "confirmation" && r.facts === null)).toBe(true);
    const answers = await t.request<any>(
      "GET",
      `${base}/answers?from=2026-07-01&to=2026-07-01&limit=100`,
      { cookie: owner },
    );
    expect(answers.status, answers.text).toBe(200);
    expect(answers.body.total).toBe(responses);
    const metrics = await t.request<any>("GET", `${base}/metrics`, { cookie: owner });
    expect(metrics.status, metrics.text).toBe(200);
    expect(metrics.body.latestRun).toMatchObject({
      runIds: [measured.runId],
      responseCount: responses,
    });

    // The verdict on the fresh day: the measurement's answers of the followed prompts and the
    // 40 extra ones.
    await refreshConfirmations({ ctx: ctx(), workspaceId });
    const followed = new Set(collecting[0]?.promptIds);
    const measuredFollowed = await prisma.responseFacts.count({
      where: { workspaceId, day, promptId: { in: [...followed] } },
    });
    const confirmation = (await list()).data.find((c: any) => c.id === collecting[0]?.id);
    expect(confirmation.fresh).toMatchObject({
      days: 1,
      answers: 10 * CONFIRMATION_REPETITIONS + measuredFollowed,
      extraAnswers: 10 * CONFIRMATION_REPETITIONS,
    });
    expect(confirmation.runs).toBe(1);
    expect(confirmation.costMicrousd).toBe(finished.costMicrousd);
    expect(confirmation.fresh.low).toBeLessThan(confirmation.fresh.rate);
    // Confirmed exactly when the sequence's lower bound passes the reference bound.
    expect(confirmation.status).toBe(
      confirmation.fresh.low > confirmation.reference.bound ? "confirmed" : "collecting",
    );
  }, 120_000);

  it("expires what is still collecting 21 days after its borderline day", async () => {
    // No schedule: nothing starts meanwhile, and the budget goes with it.
    const removed = await t.request<any>("DELETE", `${base}/run-schedule`, { cookie: owner });
    expect(removed.status).toBe(204);
    t.clock.set("2026-07-22T12:00:00.000Z");
    owner = await t.signIn("confirm-owner@example.com");
    await refreshConfirmations({ ctx: ctx(), workspaceId });
    expect((await list("?status=collecting")).data).toEqual([]);
    const expired = (await list("?status=expired")).data;
    expect(expired.length).toBeGreaterThan(0);
    for (const c of expired) expect(c.decidedOn).toBe("2026-07-22");
  }, 60_000);
});
