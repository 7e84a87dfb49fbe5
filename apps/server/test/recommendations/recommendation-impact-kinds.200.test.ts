import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Rng } from "../../src/prng.js";
import { measureWorkspaceImpacts } from "../../src/services/recommendations/measure-workspace-impacts.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { writeSimulatedDay } from "../metrics/simulated-rollups.js";
import { topUp } from "../prompt-generation/discovery-fixtures.js";
import { competitor } from "../workspace-config/config-fixtures.js";
import { outrankedWorkspace, runAndWait } from "./derivation-fixtures.js";
import { call, derived, move, seed } from "./recommendation-fixtures.js";

// The impact of the kinds measured on other metrics than visibility, through
// the real server and a real database, against known truth:
// - fix_sentiment (`negative_share`, from the rollups): days drawn from known
//   true rates (simulated-rollups.ts) where the brand's mentions are negative
//   with a known probability;
// - correct_claim (`restricted_claims`, from the stored answers, re-checked by
//   the compliance rules): two real runs of the simulated engine, with a
//   restricted claim written into a known set of the answers naming the brand.
let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set("2026-05-15T09:00:00.000Z");
  cookie = await t.signIn("recs-impact-kinds@example.com");
}, 60_000);
afterAll(() => t.close());

const read = async (slug: string, key: string, id: string) => {
  const response = await call(t, { bearer: key }, "GET", slug, `/recommendations/${id}`);
  expect(response.status, response.text).toBe(200);
  return response.body as any;
};

describe("fix_sentiment impact (negative share, from the rollups)", () => {
  const BASELINE_DAY = "2026-05-14";
  const LATER_DAY = "2026-05-16";
  const prompts = (label: string) =>
    Array.from({ length: 40 }, (_, i) => ({
      id: `prm_${label}_${String(i).padStart(2, "0")}`,
      category: "comparison",
      language: "en",
      region: null,
    }));
  const simulate = (workspaceId: string, label: string, day: string, negative: number) =>
    writeSimulatedDay(
      t,
      workspaceId,
      {
        day,
        prompts: prompts(label),
        engines: () => ["openai", "perplexity"],
        repetitions: 2,
        rate: (id) => (id === "self" ? 0.6 : 0.5),
        negativeRate: (id) => (id === "self" ? negative : 0),
        entityIds: ["self", "cmp_other"],
      },
      Rng.fromString(`impact-kinds/${label}/${day}`),
    );

  /** A done fix_sentiment recommendation (whole workspace); baseline: 40% of mentions negative. */
  async function doneSentiment(label: string) {
    const slug = await t.createWorkspace(cookie, { brand: `sentiment-${label}` });
    const key = (await t.mintKey(cookie, slug, ["recs:read", "recs:write"])).secret;
    const { id: workspaceId } = await t.server.ctx.prisma.workspace.findUniqueOrThrow({
      where: { slug },
    });
    await simulate(workspaceId, label, BASELINE_DAY, 0.4);
    const { recommendationId } = await seed(
      t,
      slug,
      derived(label, {
        kind: "fix_sentiment",
        target: {},
        evidence: {
          ...derived(label).evidence,
          comparison: null,
          metric: {
            name: "negative_share",
            value: 0.4,
            ciLow: 0.3,
            ciHigh: 0.5,
            n: 96,
            date: BASELINE_DAY,
          },
        },
      }),
    );
    await move(t, { bearer: key }, slug, recommendationId, "accept");
    await move(t, { bearer: key }, slug, recommendationId, "done");
    return { slug, workspaceId, recommendationId, key };
  }

  it("a true fall of negative mentions (40% → 10%) is 'improved'", async () => {
    const { slug, workspaceId, recommendationId, key } = await doneSentiment("up");
    await simulate(workspaceId, "up", LATER_DAY, 0.1);
    const [outcome] = await measureWorkspaceImpacts({ ctx: t.server.ctx, workspaceId });
    expect(outcome).toMatchObject({ verdict: "improved", changed: true, day: LATER_DAY });
    const rec = await read(slug, key, recommendationId);
    expect(rec.impact.current).toMatchObject({ name: "negative_share", date: LATER_DAY });
    expect(rec.impact.current.value).toBeLessThan(0.2);
    // n: the answers naming the brand (about 60% of 160).
    expect(rec.impact.current.n).toBeGreaterThan(70);
    expect(rec.impact.current.n).toBeLessThan(125);
    expect(rec.impact.delta.ciHigh).toBeLessThan(0);
    expect(rec.impact.delta.significant).toBe(true);
    expect(rec.history.at(-1).note).toMatch(/^Impact not_enough_data → improved: -\d+\.\d pt/);
  }, 60_000);

  it("no true change (40% → 40%) is 'no_detectable_change'", async () => {
    const { slug, workspaceId, recommendationId, key } = await doneSentiment("flat");
    await simulate(workspaceId, "flat", LATER_DAY, 0.4);
    await measureWorkspaceImpacts({ ctx: t.server.ctx, workspaceId });
    const rec = await read(slug, key, recommendationId);
    expect(rec.impact.verdict).toBe("no_detectable_change");
    expect(rec.impact.delta.ciLow).toBeLessThan(0);
    expect(rec.impact.delta.ciHigh).toBeGreaterThan(0);
  }, 60_000);
});

describe("correct_claim impact (restricted claims, re-checked in the stored answers)", () => {
  const DAY_1 = "2026-07-01";
  const DAY_2 = "2026-07-02";

  /**
   * Writes a disease claim into every other answer naming the brand of a run
   * (in prompt, engine, repetition order): the true claim rate is 50% of them.
   */
  async function injectClaims(runId: string) {
    const prisma = t.server.ctx.prisma;
    const naming = await prisma.engineResponse.findMany({
      where: { runId, status: "succeeded", mentions: { some: { entityId: "self" } } },
      orderBy: [{ promptId: "asc" }, { engine: "asc" }, { repetition: "asc" }],
    });
    for (const [i, r] of naming.entries()) {
      if (i % 2 === 1) continue;
      await prisma.engineResponse.update({
        where: { id: r.id },
        data: { answer: `${r.answer} Many users say zenith cures acne in a week.` },
      });
    }
    return naming.length;
  }

  /**
   * Waits until `done` jobs named `name` (e.g. the derivation) have completed
   * for the workspace and no recommendation job of it waits or runs.
   */
  const jobsSettled = (workspaceId: string, name: string, done: number) =>
    eventually(async () => {
      const [row] = await t.server.ctx.prisma.$queryRawUnsafe<
        Array<{ pending: number; completed: number }>
      >(
        `SELECT count(*) FILTER (WHERE state IN ('created', 'retry', 'active'))::int AS pending,
                count(*) FILTER (WHERE state = 'completed' AND name LIKE $2)::int AS completed
           FROM pgboss.job WHERE name LIKE 'recommendation%' AND data->>'workspaceId' = $1`,
        workspaceId,
        `${name}%`,
      );
      return row?.pending === 0 && row.completed >= done ? true : undefined;
    });

  /** An eu_medical workspace where the brand (zenith, default mention rate 0.72) is named often. */
  async function claimWorkspace(label: string) {
    t.clock.set(`${DAY_1}T09:00:00.000Z`);
    // A session of the simulated day (the clock moved past the first one's lifetime).
    const cookie = await t.signIn(`recs-impact-claims-${label}@example.com`);
    const slug = await outrankedWorkspace(
      t,
      cookie,
      {
        brand: "zenith",
        displayName: "zenith",
        domains: [`stark-${label}.example`],
        competitors: [competitor("Globex"), competitor("Initech")],
        complianceProfile: "eu_medical",
      },
      40,
    );
    await topUp(t, slug, cookie, 1_000_000);
    const key = (await t.mintKey(cookie, slug, ["recs:read", "recs:write"])).secret;
    const { id: workspaceId } = await t.server.ctx.prisma.workspace.findUniqueOrThrow({
      where: { slug },
    });
    const first = await runAndWait(t, slug, cookie);
    // The run's own derivation first (it would race the recommendations seeded below).
    await jobsSettled(workspaceId, "recommendations-derive", 1);
    const naming = await injectClaims(first.runId);
    expect(naming).toBeGreaterThanOrEqual(40);
    const { recommendationId } = await seed(
      t,
      slug,
      derived(label, {
        kind: "correct_claim",
        target: {},
        evidence: {
          ...derived(label).evidence,
          comparison: null,
          metric: {
            name: "restricted_claims",
            value: 0.5,
            ciLow: 0.4,
            ciHigh: 0.6,
            n: naming,
            date: DAY_1,
          },
        },
      }),
    );
    await move(t, { bearer: key }, slug, recommendationId, "accept");
    await move(t, { bearer: key }, slug, recommendationId, "done");
    // An earn_citation one on a third-party domain of the simulated engine's fixed pool (chosen
    // in advance: picking the day's most cited one would make the next day regress to the mean).
    const domain = "reddit.com";
    const earn = await seed(
      t,
      slug,
      derived(`${label}-earn`, {
        kind: "earn_citation",
        target: { domain },
        evidence: {
          ...derived(label).evidence,
          comparison: null,
          metric: {
            name: "citation_rate",
            value: 0.3,
            ciLow: 0.2,
            ciHigh: 0.4,
            n: 20,
            date: DAY_1,
          },
        },
      }),
    );
    await move(t, { bearer: key }, slug, earn.recommendationId, "accept");
    await move(t, { bearer: key }, slug, earn.recommendationId, "done");
    t.clock.set(`${DAY_2}T09:00:00.000Z`);
    const second = await runAndWait(
      t,
      slug,
      await t.signIn(`recs-impact-claims-${label}@example.com`),
    );
    // The finished run queues the measurement: wait for it to have read the later day.
    // The first run queued one too (nothing was done then): the second run's is the second.
    await jobsSettled(workspaceId, "recommendation-impacts-measure", 2);
    const measured = await read(slug, key, recommendationId);
    return {
      slug,
      workspaceId,
      recommendationId,
      key,
      runId: second.runId,
      measured,
      earn: { recommendationId: earn.recommendationId, domain },
    };
  }

  it("claims gone from the later answers (50% → 0%) is 'improved'", async () => {
    const { measured } = await claimWorkspace("gone");
    expect(measured.impact.verdict).toBe("improved");
    expect(measured.impact.baseline.name).toBe("restricted_claims");
    expect(measured.impact.current).toMatchObject({ name: "restricted_claims", value: 0 });
    expect(measured.impact.delta.ciHigh).toBeLessThan(0);
  }, 180_000);

  it("the same claims in the later answers (50% → 50%) is 'no_detectable_change'", async () => {
    const { slug, workspaceId, recommendationId, key, runId } = await claimWorkspace("kept");
    await injectClaims(runId);
    await measureWorkspaceImpacts({ ctx: t.server.ctx, workspaceId });
    const rec = await read(slug, key, recommendationId);
    expect(rec.impact.verdict).toBe("no_detectable_change");
    expect(rec.impact.current.value).toBeGreaterThan(0.3);
    expect(rec.impact.current.value).toBeLessThan(0.7);
    expect(rec.impact.delta.significant).toBe(false);
  }, 180_000);

  it("earn_citation is measured on co-citation (the domain cited with the brand named), its baseline restated", async () => {
    const { slug, key, earn } = await claimWorkspace("earn");
    const rec = await eventually(async () => {
      const r = await read(slug, key, earn.recommendationId);
      return r.impact.current?.date === DAY_2 ? r : undefined;
    });
    // The same simulated truth both days; the runs' draws differ, so the verdict is the A/A
    // test's (impact-error-rates.test.ts: `improved` or `worse` about 3.4% of the time for this
    // metric): here only that it is judged.
    expect(rec.impact.verdict).not.toBe("not_enough_data");
    expect(rec.impact.delta.method).toBe("paired-cluster-bootstrap");
    expect(rec.impact.baseline).toMatchObject({ name: "co_citation_rate", date: DAY_1 });
    expect(rec.impact.baseline.value).toBeGreaterThan(0);
    expect(rec.impact.current).toMatchObject({ name: "co_citation_rate", date: DAY_2 });
    // n: every answer of the target (all prompts, both engines).
    expect(rec.impact.current.n).toBe(rec.impact.baseline.n);
    expect(rec.target.domain).toBe(earn.domain);
  }, 180_000);
});
