import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxCreateContent } from "../../src/services/recommendations/derive-create-content.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import {
  allRecommendations,
  derive,
  outrankedWorkspace,
  runAndWait,
  runAnswers,
} from "./derivation-fixtures.js";
import { call, derived, move, seed } from "./recommendation-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let workspaceId: string;
let run1: any;
const day1 = "2026-05-04";
const day2 = "2026-05-05";

/** Derivation jobs of the workspace waiting or running, and those completed. */
async function deriveJobs() {
  const [row] = await t.server.ctx.prisma.$queryRawUnsafe<Array<{ pending: number; done: number }>>(
    `SELECT count(*) FILTER (WHERE state IN ('created', 'retry', 'active'))::int AS pending,
            count(*) FILTER (WHERE state = 'completed')::int AS done
       FROM pgboss.job WHERE name = 'recommendations-derive-v1' AND data->>'workspaceId' = $1`,
    workspaceId,
  );
  return row ?? { pending: 0, done: 0 };
}
const jobsSettled = (completed: number) =>
  eventually(async () => {
    const jobs = await deriveJobs();
    return jobs.pending === 0 && jobs.done >= completed ? jobs : undefined;
  }, 30_000);

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set(`${day1}T09:00:00.000Z`);
  cookie = await t.signIn("recs-derive@example.com");
  slug = await outrankedWorkspace(t, cookie);
  workspaceId = (await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } })).id;
  run1 = await runAndWait(t, slug, cookie);
  await jobsSettled(1);
}, 120_000);
afterAll(() => t.close());

describe("POST /recommendations/derive after a run where competitors outrank the brand", () => {
  it("the job after the run derived create_content recommendations; deriving again updates them", async () => {
    const before = await allRecommendations(t, cookie, slug);
    const content = before.filter((r) => r.kind === "create_content");
    expect(content.length).toBeGreaterThan(0);
    const body = await derive(t, cookie, slug);
    expect(body.date).toBe(day1);
    expect(body.created).toBe(0);
    expect(body.updated).toBe(before.length);
    expect(body.reproposed + body.unchanged).toBe(0);
    expect(body.recommendations.map((r: any) => r.recommendationId).sort()).toEqual(
      before.map((r) => r.recommendationId).sort(),
    );
    const after = await allRecommendations(t, cookie, slug);
    expect(after.length).toBe(before.length);
    // The same data gives the same recommendations: texts, priority and evidence unchanged.
    const strip = (r: any) => ({ ...r, updatedAt: undefined });
    expect(after.map(strip)).toEqual(before.map(strip));
  });

  it("create_content: one prompt each, the brand behind the leading competitor, evidence from stored answers", async () => {
    const answers = new Map(
      (await runAnswers(t, slug, run1.runId, cookie)).map((a: any) => [a.responseId, a]),
    );
    const prisma = t.server.ctx.prisma;
    const competitors = await prisma.competitor.findMany({ where: { workspaceId } });
    const names = new Map(competitors.map((c) => [c.name, c.id]));
    for (const rec of (await allRecommendations(t, cookie, slug)).filter(
      (r) => r.kind === "create_content",
    )) {
      expect(rec.status).toBe("proposed");
      expect(rec.language).toBe("en");
      expect(rec.target.promptIds).toHaveLength(1);
      const [promptId] = rec.target.promptIds;
      const { metric, comparison } = rec.evidence;
      expect(metric).toMatchObject({ name: "visibility", date: day1 });
      expect(["Stark", "Globex"]).toContain(comparison.entity);
      expect(comparison.value).toBeGreaterThan(metric.value);
      expect(metric.ciLow).toBeLessThanOrEqual(metric.value);
      expect(metric.ciHigh).toBeGreaterThanOrEqual(metric.value);
      expect(rec.priority.score).toBeGreaterThan(0);
      expect(rec.priority.effort).toBe("medium");
      expect(rec.title).toContain("hooli");
      // The metric recomputed from the stored mentions of the prompt's answers.
      const ofPrompt = [...answers.values()].filter((a: any) => a.promptId === promptId);
      expect(metric.n).toBe(ofPrompt.length);
      const mentions = await prisma.responseMention.findMany({
        where: { responseId: { in: ofPrompt.map((a: any) => a.responseId) } },
      });
      const share = (entityId: string) =>
        mentions.filter((m) => m.entityId === entityId).length / ofPrompt.length;
      expect(metric.value).toBeCloseTo(share("self"), 4);
      expect(comparison.value).toBeCloseTo(share(names.get(comparison.entity) as string), 4);
      // Every evidence answer is a stored answer of the run, naming a competitor and not the brand.
      expect(rec.evidence.answers.length).toBeGreaterThan(0);
      expect(rec.evidence.answers.length).toBeLessThanOrEqual(20);
      for (const e of rec.evidence.answers) {
        const stored: any = answers.get(e.responseId);
        expect(stored, e.responseId).toBeDefined();
        expect(e).toMatchObject({ runId: run1.runId, engine: stored.engine, promptId });
        expect(e.excerpt.length).toBeLessThanOrEqual(400);
        expect(stored.answer).toContain(e.excerpt.replace(/^…|…$/g, ""));
        // The evidence names the cited pages; the engine's own links stay on the run's answers.
        expect(e.citations).toEqual(
          stored.citations.map(({ engineUrl: _, ...citation }: any) => citation),
        );
        const named = mentions.filter((m) => m.responseId === e.responseId);
        expect(named.some((m) => m.entityId === "self")).toBe(false);
        expect(named.length).toBeGreaterThan(0);
      }
    }
  });

  it("create_content covers every prompt where a competitor is in every answer and the brand in none, and no prompt where the brand leads", async () => {
    const prisma = t.server.ctx.prisma;
    const answers = await runAnswers(t, slug, run1.runId, cookie);
    const mentions = await prisma.responseMention.findMany({
      where: { responseId: { in: answers.map((a: any) => a.responseId) } },
    });
    const byPrompt = new Map<string, { n: number; self: number; top: Map<string, number> }>();
    for (const a of answers) {
      const p = byPrompt.get(a.promptId) ?? { n: 0, self: 0, top: new Map() };
      p.n += 1;
      for (const m of mentions.filter((x) => x.responseId === a.responseId)) {
        if (m.entityId === "self") p.self += 1;
        else p.top.set(m.entityId, (p.top.get(m.entityId) ?? 0) + 1);
      }
      byPrompt.set(a.promptId, p);
    }
    const recommended = new Set(
      (await allRecommendations(t, cookie, slug))
        .filter((r) => r.kind === "create_content")
        .map((r) => r.target.promptIds[0]),
    );
    // The clearest gaps (every answer names a competitor, none the brand) rank highest: all of
    // them are recommended, up to the cap of create_content per derivation.
    const clear = [...byPrompt].filter(
      ([, p]) => p.self === 0 && Math.max(0, ...p.top.values()) === p.n,
    );
    expect(clear.length).toBeGreaterThan(0);
    expect(recommended.size).toBeLessThanOrEqual(maxCreateContent);
    const clearRecommended = clear.filter(([promptId]) => recommended.has(promptId)).length;
    expect(clearRecommended).toBe(Math.min(clear.length, maxCreateContent));
    for (const [promptId, p] of byPrompt) {
      if (p.self >= Math.max(0, ...p.top.values()))
        expect(recommended.has(promptId), promptId).toBe(false);
    }
  });

  it("earn_citation and fix_sentiment: evidence answers are stored answers that show it", async () => {
    const prisma = t.server.ctx.prisma;
    const answers = new Map(
      (await runAnswers(t, slug, run1.runId, cookie)).map((a: any) => [a.responseId, a]),
    );
    const recs = await allRecommendations(t, cookie, slug);
    const citations = recs.filter((r) => r.kind === "earn_citation");
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.length).toBeLessThanOrEqual(5);
    for (const rec of citations) {
      expect(rec.target.domain).not.toMatch(/hooli|stark|globex/);
      expect(rec.evidence.metric.name).toBe("citation_rate");
      expect(rec.evidence.metric.ciLow).toBeGreaterThanOrEqual(0.05);
      expect(rec.priority.effort).toBe("high");
      for (const e of rec.evidence.answers) {
        const stored: any = answers.get(e.responseId);
        expect(stored.citations.some((c: any) => c.url.includes(rec.target.domain))).toBe(true);
        const brand = await prisma.responseMention.findFirst({
          where: { responseId: e.responseId, entityId: "self" },
        });
        expect(brand).toBeNull();
      }
    }
    for (const rec of recs.filter((r) => r.kind === "fix_sentiment")) {
      expect(rec.evidence.metric.name).toBe("negative_share");
      for (const e of rec.evidence.answers) {
        const brand = await prisma.responseMention.findFirstOrThrow({
          where: { responseId: e.responseId, entityId: "self" },
        });
        expect(brand.sentiment).toBe("negative");
        expect(answers.has(e.responseId)).toBe(true);
      }
    }
  });

  it("improve_page: only when owned citations are rare; on the brand's own site", async () => {
    const prisma = t.server.ctx.prisma;
    const answers = new Map(
      (await runAnswers(t, slug, run1.runId, cookie)).map((a: any) => [a.responseId, a]),
    );
    const pages = (await allRecommendations(t, cookie, slug)).filter(
      (r) => r.kind === "improve_page",
    );
    const named: any[] = [];
    for (const a of answers.values()) {
      const self = await prisma.responseMention.findFirst({
        where: { responseId: a.responseId, entityId: "self" },
      });
      if (self) named.push(a);
    }
    const cited = named.filter((a) => a.citations.some((c: any) => c.url.includes("hooli.com")));
    // The simulated day names hooli in few answers (10), 3 of them citing hooli.com: its
    // own pages are not rare there, so nothing is proposed; were they, the checks below hold.
    if (named.length === 0 || cited.length / named.length >= 0.25) expect(pages).toEqual([]);
    expect(pages.length).toBeLessThanOrEqual(1);
    for (const rec of pages) {
      expect(rec.target.domain).toBe("hooli.com");
      expect(rec.evidence.metric.name).toBe("citation_rate");
      expect(rec.evidence.metric.ciHigh).toBeLessThan(0.25);
      expect(rec.priority.effort).toBe("medium");
      for (const e of rec.evidence.answers) {
        const stored: any = answers.get(e.responseId);
        expect(stored.citations.some((c: any) => c.url.includes("hooli.com"))).toBe(false);
        expect(rec.target.promptIds).toContain(e.promptId);
        await prisma.responseMention.findFirstOrThrow({
          where: { responseId: e.responseId, entityId: "self" },
        });
      }
    }
  });

  it("a dismissed recommendation stays dismissed when the evidence has not changed", async () => {
    const [first] = (await allRecommendations(t, cookie, slug)).filter(
      (r) => r.kind === "create_content",
    );
    await move(t, { cookie }, slug, first.recommendationId, "dismiss", { reason: "not_relevant" });
    const body = await derive(t, cookie, slug);
    expect(body.unchanged).toBe(1);
    const again = await allRecommendations(t, cookie, slug);
    expect(again.find((r) => r.recommendationId === first.recommendationId).status).toBe(
      "dismissed",
    );
  });

  it("a second run the next day updates the recommendations, never duplicates them", async () => {
    t.clock.set(`${day2}T09:00:00.000Z`);
    await runAndWait(t, slug, cookie);
    await jobsSettled(2);
    const body = await derive(t, cookie, slug);
    expect(body.date).toBe(day2);
    const all = await allRecommendations(t, cookie, slug);
    const keys = all.map((r) => `${r.kind}:${JSON.stringify(r.target)}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(all.map((r) => r.fingerprint)).size).toBe(all.length);
    // Deriving once more the same day changes nothing but the update time.
    const repeat = await derive(t, cookie, slug);
    expect(repeat.created).toBe(0);
    expect(repeat.recommendations).toEqual(
      body.recommendations.map((r: any) => ({
        ...r,
        outcome: r.outcome === "created" || r.outcome === "reproposed" ? "updated" : r.outcome,
      })),
    );
    for (const r of body.recommendations) {
      if (r.outcome === "unchanged") continue;
      const rec = all.find((x) => x.recommendationId === r.recommendationId);
      expect(rec.evidence.metric.date).toBe(day2);
    }
  });

  it("an open recommendation the latest day no longer supports is marked stale, its evidence kept; supported again, it is not", async () => {
    // An open create_content on a prompt the day's answers do not have: not supported.
    const unsupported = derived("gone", {
      evidence: {
        ...derived("gone").evidence,
        metric: { name: "visibility", value: 0, ciLow: 0, ciHigh: 0.2, n: 8, date: day1 },
      },
    });
    const { recommendationId } = await seed(t, slug, unsupported);
    const body = await derive(t, cookie, slug);
    expect(body.recommendations.map((r: any) => r.recommendationId)).not.toContain(
      recommendationId,
    );
    expect(body.markedStale).toBeGreaterThanOrEqual(1);
    const all = await allRecommendations(t, cookie, slug);
    const stale = all.find((r) => r.recommendationId === recommendationId);
    expect(stale.status).toBe("proposed");
    expect(stale.evidence).toMatchObject({ stale: true, staleSince: day2 });
    expect(stale.evidence.metric.date).toBe(day1);
    expect(stale.evidence.answers).toHaveLength(1);
    // What the derivation supported is not stale; neither are dismissed or done ones.
    for (const r of body.recommendations) {
      const rec = all.find((x) => x.recommendationId === r.recommendationId);
      if (r.outcome !== "unchanged") expect(rec.evidence).toMatchObject({ stale: false });
    }
    for (const r of all.filter((x) => x.status === "dismissed" || x.status === "done"))
      expect(r.evidence.stale).toBe(false);
    // Deriving again keeps the first stale day (and counts nothing new); supported again,
    // the mark is cleared.
    expect((await derive(t, cookie, slug)).markedStale).toBe(0);
    const still = await call(t, { cookie }, "GET", slug, `/recommendations/${recommendationId}`);
    expect(still.body.evidence).toMatchObject({ stale: true, staleSince: day2 });
    await seed(t, slug, { ...unsupported, evidence: { ...unsupported.evidence } });
    const back = await call(t, { cookie }, "GET", slug, `/recommendations/${recommendationId}`);
    expect(back.body.evidence).toMatchObject({ stale: false, staleSince: null });
  });
});
