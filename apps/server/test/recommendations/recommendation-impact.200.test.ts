import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureRecommendationImpactsJob } from "../../src/jobs/definitions/measure-recommendation-impacts-job.js";
import { Rng } from "../../src/prng.js";
import { measureWorkspaceImpacts } from "../../src/services/recommendations/measure-workspace-impacts.js";
import { queueOutdatedImpacts } from "../../src/services/recommendations/queue-outdated-impacts.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { runAndWait } from "../metrics/metrics-fixtures.js";
import { writeSimulatedDay } from "../metrics/simulated-rollups.js";
import { topUp } from "../prompt-generation/discovery-fixtures.js";
import { seedPrompts } from "../runs/run-fixtures.js";
import { call, derived, move, seed } from "./recommendation-fixtures.js";

// The impact of a done recommendation, through the real server: rollups drawn
// from known truth (simulated-rollups.ts), the recommendation seeded as the
// derivation stores it and moved to done through the API, the measurement run
// by its job, the verdict read through GET .../recommendations/{id}.
let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set("2026-05-15T09:00:00.000Z");
  cookie = await t.signIn("recs-impact@example.com");
}, 60_000);
afterAll(() => t.close());

const BASELINE_DAY = "2026-05-14";
const LATER_DAY = "2026-05-16";
const ENGINES = ["openai", "perplexity"];

/** 40 target prompts × 2 engines × 2 repetitions a day: issue 14's volume. */
const prompts = (label: string) =>
  Array.from({ length: 40 }, (_, i) => ({
    id: `prm_${label}_${String(i).padStart(2, "0")}`,
    category: "comparison",
    language: "en",
    region: null,
  }));

async function simulateDay(
  workspaceId: string,
  label: string,
  day: string,
  brandRate: number,
  seedText: string,
) {
  await writeSimulatedDay(
    t,
    workspaceId,
    {
      day,
      prompts: prompts(label),
      engines: () => ENGINES,
      repetitions: 2,
      rate: (id) => (id === "self" ? brandRate : 0.5),
      entityIds: ["self"],
    },
    Rng.fromString(seedText),
  );
}

/** A workspace with a done visibility recommendation on 40 prompts, its baseline day 0.30. */
async function doneRecommendation(label: string) {
  const slug = await t.createWorkspace(cookie, { brand: `impact-${label}` });
  const key = (await t.mintKey(cookie, slug, ["recs:read", "recs:write"])).secret;
  const { id: workspaceId } = await t.server.ctx.prisma.workspace.findUniqueOrThrow({
    where: { slug },
  });
  await simulateDay(workspaceId, label, BASELINE_DAY, 0.3, `impact/${label}/before`);
  const { recommendationId } = await seed(
    t,
    slug,
    derived(label, {
      target: { promptIds: prompts(label).map((p) => p.id), engines: [] },
      evidence: {
        ...derived(label).evidence,
        metric: {
          name: "visibility",
          value: 0.3,
          ciLow: 0.23,
          ciHigh: 0.37,
          n: 160,
          date: BASELINE_DAY,
        },
      },
    }),
  );
  await move(t, { bearer: key }, slug, recommendationId, "accept");
  const done = await move(t, { bearer: key }, slug, recommendationId, "done");
  expect(done.impact.verdict).toBe("not_enough_data");
  return { slug, workspaceId, recommendationId, key };
}

const read = async (slug: string, key: string, id: string) => {
  const response = await call(t, { bearer: key }, "GET", slug, `/recommendations/${id}`);
  expect(response.status, response.text).toBe(200);
  return response.body as any;
};

describe("recommendation impact", () => {
  it("an injected +20-point improvement is 'improved', measured by the job with a history entry", async () => {
    const { slug, workspaceId, recommendationId, key } = await doneRecommendation("up");
    await simulateDay(workspaceId, "up", LATER_DAY, 0.5, "impact/up/after");
    await t.server.ctx.queue.enqueue(measureRecommendationImpactsJob, { workspaceId });
    const rec = await eventually(async () => {
      const r = await read(slug, key, recommendationId);
      return r.impact.verdict === "not_enough_data" ? undefined : r;
    });
    expect(rec.impact.verdict).toBe("improved");
    expect(rec.impact.baseline).toMatchObject({ value: 0.3, date: BASELINE_DAY, n: 160 });
    expect(rec.impact.current).toMatchObject({ name: "visibility", date: LATER_DAY, n: 160 });
    expect(rec.impact.current.value).toBeGreaterThan(0.4);
    expect(rec.impact.delta).toMatchObject({
      significant: true,
      method: "paired-cluster-bootstrap",
      windows: null,
    });
    expect(rec.impact.delta.ciLow).toBeGreaterThan(0);
    const last = rec.history.at(-1);
    expect(last).toMatchObject({
      action: "measure",
      from: "done",
      to: "done",
      actor: { type: "system", id: null },
    });
    expect(last.note).toMatch(
      /^Impact not_enough_data → improved: \+\d+\.\d pt \(95% \+\d+\.\d to \+\d+\.\d\), 2026-05-16 vs 2026-05-14$/,
    );

    // The same data gives the same answer, and an unchanged verdict adds no history entry.
    const again = await measureWorkspaceImpacts({ ctx: t.server.ctx, workspaceId });
    expect(again).toEqual([
      { recommendationId, verdict: "improved", changed: false, day: LATER_DAY },
    ]);
    const reread = await read(slug, key, recommendationId);
    expect(reread.impact).toEqual(rec.impact);
    expect(reread.history).toHaveLength(rec.history.length);
  }, 60_000);

  it("a week of answers on each side is compared on the days' rates, and says which days", async () => {
    const { slug, workspaceId, recommendationId, key } = await doneRecommendation("weeks");
    const before = ["2026-05-10", "2026-05-11", "2026-05-12", "2026-05-13"];
    const after = ["2026-05-16", "2026-05-17", "2026-05-18", "2026-05-19", "2026-05-20"];
    for (const d of before) await simulateDay(workspaceId, "weeks", d, 0.3, `impact/weeks/${d}`);
    for (const d of after) await simulateDay(workspaceId, "weeks", d, 0.5, `impact/weeks/${d}`);
    const [outcome] = await measureWorkspaceImpacts({ ctx: t.server.ctx, workspaceId });
    expect(outcome).toMatchObject({ recommendationId, verdict: "improved", day: "2026-05-20" });
    const rec = await read(slug, key, recommendationId);
    expect(rec.impact.current).toMatchObject({ date: "2026-05-20", n: 5 * 160 });
    expect(rec.impact.delta).toMatchObject({
      significant: true,
      method: "daily-rates-t",
      windows: {
        before: { from: "2026-05-10", to: BASELINE_DAY, days: 5 },
        after: { from: "2026-05-16", to: "2026-05-20", days: 5 },
      },
    });
    expect(rec.history.at(-1).note).toMatch(
      /, 2026-05-16\.\.2026-05-20 vs 2026-05-10\.\.2026-05-14$/,
    );
    const { windows } = rec.impact.delta;
    expect(windows.before).toMatchObject({ n: 5 * 160 });
    expect(windows.after).toMatchObject({ value: rec.impact.current.value, n: 5 * 160 });
    expect(rec.impact.delta.delta).toBeCloseTo(windows.after.value - windows.before.value, 12);

    // A delta stored by the release before the windows' values: read without windows,
    // queued when a worker starts, measured again in the current shape.
    const prisma = t.server.ctx.prisma;
    const stored = (
      await prisma.recommendation.findUniqueOrThrow({ where: { id: recommendationId } })
    ).impactDelta as any;
    const span = ({ from, to, days }: any) => ({ from, to, days });
    await prisma.recommendation.update({
      where: { id: recommendationId },
      data: {
        impactDelta: {
          ...stored,
          windows: { before: span(stored.windows.before), after: span(stored.windows.after) },
        },
      },
    });
    expect((await read(slug, key, recommendationId)).impact.delta).toMatchObject({
      method: "daily-rates-t",
      windows: null,
    });
    expect(await queueOutdatedImpacts({ ctx: t.server.ctx })).toContain(workspaceId);
    const again = await eventually(async () => {
      const r = await read(slug, key, recommendationId);
      return r.impact.delta.windows ? r : undefined;
    });
    expect(again.impact.delta.windows).toEqual(windows);
  }, 60_000);

  it("no true change is 'no_detectable_change'", async () => {
    const { slug, workspaceId, recommendationId, key } = await doneRecommendation("flat");
    await simulateDay(workspaceId, "flat", LATER_DAY, 0.3, "impact/flat/after");
    const [outcome] = await measureWorkspaceImpacts({ ctx: t.server.ctx, workspaceId });
    expect(outcome).toMatchObject({ verdict: "no_detectable_change", changed: true });
    const rec = await read(slug, key, recommendationId);
    expect(rec.impact.verdict).toBe("no_detectable_change");
    expect(rec.impact.delta.significant).toBe(false);
    expect(rec.impact.delta.ciLow).toBeLessThan(0);
    expect(rec.impact.delta.ciHigh).toBeGreaterThan(0);
  }, 60_000);

  it("without a later day (or with one only before done) the verdict stays 'not_enough_data'", async () => {
    const { slug, workspaceId, recommendationId, key } = await doneRecommendation("none");
    // The day it was marked done mixes answers before and after: not a later day.
    await simulateDay(workspaceId, "none", "2026-05-15", 0.6, "impact/none/same");
    const [outcome] = await measureWorkspaceImpacts({ ctx: t.server.ctx, workspaceId });
    expect(outcome).toEqual({
      recommendationId,
      verdict: "not_enough_data",
      changed: false,
      day: null,
    });
    const rec = await read(slug, key, recommendationId);
    expect(rec.impact).toMatchObject({ current: null, delta: null, verdict: "not_enough_data" });
    expect(rec.history.map((h: any) => h.action)).toEqual(["derive", "accept", "done"]);
  }, 60_000);

  it("a finished run queues the measurement: too few target answers is 'not_enough_data' with current", async () => {
    const slug = await t.createWorkspace(cookie, { brand: "impact-run" });
    await seedPrompts(t, slug, 3);
    await topUp(t, slug, cookie, 1_000_000);
    const key = (await t.mintKey(cookie, slug, ["recs:read", "recs:write"])).secret;
    const prisma = t.server.ctx.prisma;
    const { id: workspaceId } = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
    const ids = (await prisma.prompt.findMany({ where: { workspaceId } })).map((p) => p.id);
    const { recommendationId } = await seed(
      t,
      slug,
      derived("run", {
        target: { promptIds: ids, engines: [] },
        evidence: {
          ...derived("run").evidence,
          metric: { name: "visibility", value: 0, ciLow: 0, ciHigh: 0.2, n: 8, date: BASELINE_DAY },
        },
      }),
    );
    await move(t, { bearer: key }, slug, recommendationId, "accept");
    await move(t, { bearer: key }, slug, recommendationId, "done");
    t.clock.set(`${LATER_DAY}T09:00:00.000Z`);
    await runAndWait(t, slug, cookie, "smoke");
    const rec = await eventually(async () => {
      const r = await read(slug, key, recommendationId);
      return r.impact.current ? r : undefined;
    });
    expect(rec.impact.current).toMatchObject({ name: "visibility", date: LATER_DAY });
    expect(rec.impact.verdict).toBe("not_enough_data");
    expect(rec.impact.delta).toBeNull();
  }, 90_000);
});
