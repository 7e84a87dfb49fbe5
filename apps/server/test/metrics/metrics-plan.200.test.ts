import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CHANGE_FDR } from "../../src/metrics/detect-changes.js";
import { predictPrecision } from "../../src/metrics/plan-precision.js";
import { Rng } from "../../src/prng.js";
import {
  PRIOR_INPUTS,
  PRIOR_SHARE_OF_VOICE_INPUTS,
} from "../../src/services/metrics/plan-measurement.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompt } from "./metrics-fixtures.js";
import { writeSimulatedDay } from "./simulated-rollups.js";

// GET .../metrics/plan (docs/metrics.md, "Planning precision"): the current design as a run
// plans it, a proposal, the inputs from history or the priors, and the credits a month.
let t: TestServer;
let cookie: string;

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set("2026-07-10T12:00:00.000Z");
  cookie = await t.signIn("metrics-plan@example.com");
}, 60_000);
afterAll(() => t.close());

async function get(slug: string, path: string, expected = 200) {
  const res = await t.request<any>("GET", `/api/v1/workspaces/${slug}${path}`, { cookie });
  expect(res.status, res.text).toBe(expected);
  return res.body;
}

/**
 * The brand named in `rate` of the answers of every prompt on two engines, twice, each day,
 * each competitor in `competitorRate`.
 */
async function answeredDays(
  slug: string,
  days: readonly string[],
  rate: number,
  competitorRate = 0,
) {
  const prisma = t.server.ctx.prisma;
  const workspace = await prisma.workspace.findUniqueOrThrow({
    where: { slug },
    include: { competitors: true },
  });
  const workspaceId = workspace.id;
  const prompts = await prisma.prompt.findMany({ where: { workspaceId }, orderBy: { id: "asc" } });
  for (const day of days) {
    await writeSimulatedDay(
      t,
      workspaceId,
      {
        day,
        prompts,
        engines: () => ["openai", "perplexity"],
        repetitions: 2,
        rate: (entityId) => (entityId === "self" ? rate : competitorRate),
        entityIds: ["self", ...workspace.competitors.map((c) => c.id)],
      },
      Rng.fromString(`${slug}/${day}`),
    );
  }
}

async function workspaceWithPrompts(brand: string, prompts: number) {
  const slug = await t.createWorkspace(cookie, { brand });
  for (let i = 0; i < prompts; i++) await seedPrompt(t, slug, "discovery", `Best ${brand} ${i}?`);
  return slug;
}

describe("GET .../metrics/plan", () => {
  it("without history: the priors, the standard preset run daily, credits from its estimate", async () => {
    const slug = await workspaceWithPrompts("plan-prior", 12);
    const plan = await get(slug, "/metrics/plan");
    const estimate = await get(slug, "/run-estimate?preset=standard");
    expect(plan).toMatchObject({
      basis: "prior",
      historyDays: 0,
      inputs: PRIOR_INPUTS,
      shareOfVoiceBasis: "prior",
      shareOfVoiceInputs: PRIOR_SHARE_OF_VOICE_INPUTS,
      proposed: null,
    });
    expect(plan.current).toMatchObject({
      preset: "standard",
      scheduled: false,
      prompts: 12,
      engines: estimate.engines,
      repetitions: 2,
      runsPerWeek: 7,
      // 30 days of the estimate, each run reserving at most it.
      creditsPerMonthMicrousd: estimate.estimateMicrousd * 30,
    });
    // One family of change detection a day: every tracked entity, pooled and on each engine.
    const competitors = await t.server.ctx.prisma.competitor.count({
      where: { workspace: { slug } },
    });
    const family = (1 + competitors) * (estimate.engines.length + 1);
    const design = { prompts: 12, answersPerPrompt: 2 * estimate.engines.length, daysPerWeek: 7 };
    const level = { alpha: DEFAULT_CHANGE_FDR / family };
    expect(plan.current.visibility).toEqual(predictPrecision(PRIOR_INPUTS, design, level));
    expect(plan.current.shareOfVoice).toEqual(
      predictPrecision(PRIOR_SHARE_OF_VOICE_INPUTS, design, level),
    );
  });

  it("a proposal: more prompts narrow a day's interval, fewer run days widen a week's", async () => {
    const slug = await workspaceWithPrompts("plan-proposal", 12);
    const plan = await get(slug, "/metrics/plan?prompts=60&repetitions=1&runsPerWeek=3");
    expect(plan.proposed).toMatchObject({
      preset: "standard",
      scheduled: false,
      prompts: 60,
      repetitions: 1,
      runsPerWeek: 3,
    });
    const [now, then] = [plan.current, plan.proposed];
    expect(then.visibility.dayHalfWidth).toBeLessThan(now.visibility.dayHalfWidth);
    // 60 prompts × 1 repetition cost 60 / (12 × 2) of a run, on 3 days a week instead of 7.
    expect(then.creditsPerMonthMicrousd).toBeCloseTo(
      (now.creditsPerMonthMicrousd * (60 / 24) * 3) / 7,
      -1,
    );
    const fewerDays = await get(slug, "/metrics/plan?runsPerWeek=2");
    expect(fewerDays.proposed.visibility.weekHalfWidth).toBeGreaterThan(
      now.visibility.weekHalfWidth,
    );
  });

  it("with a schedule and a history: the schedule's days, inputs from the brand's days", async () => {
    const slug = await workspaceWithPrompts("plan-history", 12);
    const put = await t.request<any>("PUT", `/api/v1/workspaces/${slug}/run-schedule`, {
      cookie,
      body: { cron: "0 6 * * 1-5", timezone: "UTC", preset: "lite" },
    });
    expect(put.status, put.text).toBe(200);
    const competitors = await t.server.ctx.prisma.competitor.count({
      where: { workspace: { slug } },
    });
    expect(competitors).toBeGreaterThan(0);
    await answeredDays(slug, ["2026-07-06", "2026-07-07", "2026-07-08", "2026-07-09"], 0.4, 0.6);
    const plan = await get(slug, "/metrics/plan");
    expect(plan).toMatchObject({ basis: "history", historyDays: 4, shareOfVoiceBasis: "history" });
    expect(plan.inputs.rate).toBeGreaterThan(0.3);
    expect(plan.inputs.rate).toBeLessThan(0.5);
    expect(plan.inputs.trialsPerAnswer).toBe(1);
    // Share of voice: the brand's 0.4 of 0.4 + 0.6 a competitor; an answer names about that many.
    const share = 0.4 / (0.4 + 0.6 * competitors);
    expect(plan.shareOfVoiceInputs.rate).toBeGreaterThan(share - 0.1);
    expect(plan.shareOfVoiceInputs.rate).toBeLessThan(share + 0.1);
    expect(plan.shareOfVoiceInputs.trialsPerAnswer).toBeGreaterThan(0.4 + 0.6 * competitors - 0.3);
    expect(plan.shareOfVoiceInputs.trialsPerAnswer).toBeLessThan(0.4 + 0.6 * competitors + 0.3);
    // Share of voice is a share of about 0.4 + 0.6k trials an answer: the narrower interval.
    expect(plan.current.shareOfVoice.dayHalfWidth).toBeLessThan(
      plan.current.visibility.dayHalfWidth,
    );
    expect(plan.current).toMatchObject({ preset: "lite", scheduled: true, runsPerWeek: 5 });
  });

  it("one prompt, a brand never named, one run a week: numbers within bounds, no detection", async () => {
    const slug = await workspaceWithPrompts("plan-edges", 1);
    await answeredDays(slug, ["2026-07-08", "2026-07-09"], 0);
    // One prompt: no second prompt to estimate from, so the priors.
    const plan = await get(slug, "/metrics/plan?runsPerWeek=1");
    expect(plan.basis).toBe("prior");
    for (const d of [plan.current, plan.proposed]) {
      for (const metric of [d.visibility, d.shareOfVoice]) {
        expect(metric.dayHalfWidth).toBeGreaterThan(0);
        expect(metric.dayHalfWidth).toBeLessThanOrEqual(0.5);
        expect(metric.weekHalfWidth).toBeGreaterThan(0);
        expect(metric.weekHalfWidth).toBeLessThanOrEqual(0.5);
      }
    }
    expect(plan.current.visibility.weeklyDetectableChange).toBeGreaterThan(0);
    // One run a week leaves 4 days of baseline: change detection never tests.
    expect(plan.proposed.visibility.weeklyDetectableChange).toBeNull();
  });

  it("bounds and states: 400 naming the field, 409 without active prompts", async () => {
    const slug = await workspaceWithPrompts("plan-bounds", 1);
    for (const [query, field] of [
      ["prompts=0", "query.prompts"],
      ["repetitions=11", "query.repetitions"],
      ["runsPerWeek=8", "query.runsPerWeek"],
      ["preset=huge", "query.preset"],
    ]) {
      const body = await get(slug, `/metrics/plan?${query}`, 400);
      expect(body.error.code).toBe("invalid_request");
      expect(body.error.details.fields[0].field).toBe(field);
    }
    const empty = await t.createWorkspace(cookie, { brand: "plan-empty" });
    const body = await get(empty, "/metrics/plan", 409);
    expect(body.error.code).toBe("no_active_prompts");
  });
});
