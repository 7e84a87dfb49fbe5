import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts } from "../runs/run-fixtures.js";
import { runAndWait, runAnswers } from "./metrics-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let runs: any[];
const days = ["2026-03-04", "2026-03-05"];

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set(`${days[0]}T09:00:00.000Z`);
  cookie = await t.signIn("reanalysis@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
  await seedPrompts(t, slug, 10);
  runs = [await runAndWait(t, slug, cookie)];
  t.clock.set(`${days[1]}T09:00:00.000Z`);
  runs.push(await runAndWait(t, slug, cookie));
}, 120_000);
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown) =>
  t.request<any>(method, `/api/v1/workspaces/${slug}${path}`, { cookie, body });

const sovOf = async (date: string, entity: string) =>
  (await call("GET", `/metrics?date=${date}`)).body.shareOfVoice.find(
    (s: any) => s.entity === entity,
  );

/** Answers of a run whose text contains one of the words. */
async function answersMatching(runId: string, pattern: RegExp) {
  const answers = await runAnswers(t, slug, runId, cookie);
  return answers.filter((a) => a.status === "succeeded" && pattern.test(a.answer)).length;
}

describe("re-analysis after the competitors change", () => {
  it("a new competitor whose alias the answers use gets its mentions on every day", async () => {
    const acmeBefore = await sovOf(days[1] as string, "acme");
    const firstDayBefore = await sovOf(days[0] as string, "acme");
    const expected = await answersMatching(runs[1].runId, /\b(pricing|budget)\b/i);
    expect(expected).toBeGreaterThan(0);
    const created = await call("POST", "/competitors", {
      name: "Hooli",
      domains: ["hooli.com"],
      aliases: ["pricing", "budget"],
      ambiguous: false,
    });
    expect(created.status).toBe(201);
    const hooliId = created.body.competitorId;

    // Both days are rebuilt in the background by the re-analysis job.
    for (const [i, date] of days.entries()) {
      const hooli = await eventually(async () => {
        const s = await sovOf(date, "Hooli");
        return s && s.value > 0 ? s : undefined;
      });
      expect(hooli.isSelf).toBe(false);
      const mentions = await t.server.ctx.prisma.responseMention.count({
        where: { entityId: hooliId, response: { runId: runs[i].runId } },
      });
      // The words may also sit inside cited URLs, which are not mentions: at most the text count.
      expect(mentions).toBeGreaterThan(0);
      expect(mentions).toBeLessThanOrEqual(
        await answersMatching(runs[i].runId, /\b(pricing|budget|hooli)\b/i),
      );
      const all = await t.server.ctx.prisma.responseMention.count({
        where: { response: { runId: runs[i].runId } },
      });
      expect(hooli.n).toBe(all);
      expect(hooli.value).toBeCloseTo(mentions / all, 10);
    }
    const acmeAfter = await sovOf(days[1] as string, "acme");
    expect(acmeAfter.n).toBeGreaterThan(acmeBefore.n);
    expect(acmeAfter.value).toBeLessThan(acmeBefore.value);

    // Removing the alias (update) brings the numbers back, on both days (the second day's
    // comparisons read the first: the newest day is redone first, so wait for both).
    const updated = await call("PATCH", `/competitors/${hooliId}`, { aliases: ["Hooli"] });
    expect(updated.status).toBe(200);
    const restored = await eventually(async () => {
      const first = await sovOf(days[0] as string, "acme");
      const s = await sovOf(days[1] as string, "acme");
      return s && s.n === acmeBefore.n && first?.n === firstDayBefore.n ? s : undefined;
    });
    expect(restored).toEqual(acmeBefore);

    // Deleting it drops it from the entity list.
    expect((await call("DELETE", `/competitors/${hooliId}`)).status).toBe(204);
    const listed = await call("GET", "/metrics");
    expect(listed.body.shareOfVoice.map((s: any) => s.entity)).toEqual([
      "acme",
      "Globex",
      "Initech",
    ]);
    expect(listed.body.shareOfVoice[0]).toEqual(acmeBefore);
  });

  it("re-analysing a day gives the rollups the pipeline made, again and again (idempotent)", async () => {
    const { reanalyzeDay } = await import("../../src/services/analysis/reanalyze-day.js");
    const prisma = t.server.ctx.prisma;
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
    const snapshot = async () => ({
      cells: await prisma.metricCell.findMany({
        where: { workspaceId: workspace.id },
        orderBy: [{ day: "asc" }, { promptId: "asc" }],
      }),
      entities: await prisma.metricEntityCount.findMany({
        where: { workspaceId: workspace.id },
        orderBy: [{ day: "asc" }, { promptId: "asc" }, { entityId: "asc" }],
      }),
      domains: await prisma.metricGroupDomainCount.count({ where: { workspaceId: workspace.id } }),
      groups: await prisma.metricGroup.findMany({
        where: { workspaceId: workspace.id },
        orderBy: [{ day: "asc" }, { engine: "asc" }, { category: "asc" }, { language: "asc" }],
      }),
      groupEntities: await prisma.metricGroupEntityCount.count({
        where: { workspaceId: workspace.id },
      }),
      mentions: await prisma.responseMention.count({ where: { workspaceId: workspace.id } }),
    });
    // The previous test's last edit may still be re-analysing: wait until every day is current.
    const { fingerprintOf, loadAnalysisSubject } = await import(
      "../../src/services/analysis/analysis-subject.js"
    );
    const { listStaleDays } = await import("../../src/services/analysis/list-stale-days.js");
    await eventually(async () => {
      const subject = await loadAnalysisSubject(prisma, workspace.id);
      const fingerprint = fingerprintOf(subject, t.server.ctx.config.domainTaxonomy);
      const stale = await listStaleDays({ db: prisma, workspaceId: workspace.id, fingerprint });
      return stale.length === 0 ? true : undefined;
    });
    const before = await snapshot();
    const board = (await call("GET", "/scoreboard")).body;
    // A day at the current subject is left alone; one of unknown subject is redone from its answers.
    expect(
      await reanalyzeDay({ ctx: t.server.ctx, workspaceId: workspace.id, day: days[1] as string }),
    ).toEqual({ answers: 0, changed: 0, done: true });
    for (let i = 0; i < 2; i++) {
      await prisma.$executeRawUnsafe(
        `UPDATE metric_days SET subject_fingerprint = NULL WHERE workspace_id = $1`,
        workspace.id,
      );
      const redone = await reanalyzeDay({
        ctx: t.server.ctx,
        workspaceId: workspace.id,
        day: days[1] as string,
      });
      expect(redone).toMatchObject({ changed: 0, done: true });
      expect(redone.answers).toBeGreaterThan(0);
    }
    expect(await snapshot()).toEqual(before);
    expect((await call("GET", "/scoreboard")).body).toEqual(board);
  });
});
