import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYSIS_VERSION } from "../../src/analysis/types.js";
import { loadSubjectWithDigest } from "../../src/services/analysis/analysis-subject.js";
import { readDayRevision } from "../../src/services/analysis/read-day-answers.js";
import { ROLLUP_TABLES } from "../../src/services/analysis/rollup-tables.js";
import { swapDayRollups } from "../../src/services/analysis/swap-day-rollups.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { measuredWorkspace, reanalysisSettled } from "./metrics-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let workspaceId: string;
const day = "2026-03-04";

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(`${day}T09:00:00.000Z`);
  ({ cookie, slug, workspaceId } = await measuredWorkspace(t, "swap@example.com", 3));
}, 120_000);
afterAll(() => t.close());

/** The day's stored state: its rows in metric_days and the number of rows of every rollup table. */
async function dayState() {
  const prisma = t.server.ctx.prisma;
  const rows: Record<string, number> = {};
  for (const table of ROLLUP_TABLES) {
    const [row] = await prisma.$queryRawUnsafe<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM ${table.name} WHERE workspace_id = $1`,
      workspaceId,
    );
    rows[table.name] = row?.n ?? 0;
  }
  return { day: await prisma.metricDay.findMany({ where: { workspaceId } }), rows };
}

/** A swap that would empty the day (no answers), if its checks let it. */
const emptyTheDay = (options: { revision: number; subjectDigest: string }) =>
  swapDayRollups({
    ctx: t.server.ctx,
    workspaceId,
    day,
    answers: [],
    fingerprint: "test-fingerprint",
    ...options,
  });

describe("swapping a day's rollups", () => {
  it("declines, writing nothing, when the day's revision moved since its answers were listed", async () => {
    const { digest } = await loadSubjectWithDigest(t.server.ctx.prisma, workspaceId);
    const revision = await readDayRevision(t.server.ctx, workspaceId, day);
    expect(revision).toBeGreaterThan(0);
    const before = await dayState();
    for (const n of Object.values(before.rows)) expect(n).toBeGreaterThan(0);
    expect(await emptyTheDay({ revision: revision - 1, subjectDigest: digest })).toBe(
      "day-changed",
    );
    expect(await dayState()).toEqual(before);
  });

  it("declines, writing nothing, when the subject changed since the answers were analysed", async () => {
    const { digest } = await loadSubjectWithDigest(t.server.ctx.prisma, workspaceId);
    const created = await t.request<any>("POST", `/api/v1/workspaces/${slug}/competitors`, {
      cookie,
      body: { name: "Hooli", domains: ["hooli.com"], aliases: ["Hooli XYZ"], ambiguous: false },
    });
    expect(created.status).toBe(201);
    const after = await loadSubjectWithDigest(t.server.ctx.prisma, workspaceId);
    expect(after.digest).not.toBe(digest);
    // The new competitor queued a re-analysis of the day: let it finish first.
    await reanalysisSettled(t, workspaceId);
    const revision = await readDayRevision(t.server.ctx, workspaceId, day);
    const before = await dayState();
    expect(await emptyTheDay({ revision, subjectDigest: digest })).toBe("subject-changed");
    expect(await dayState()).toEqual(before);
  });

  it("writes the day as its answers say when both still hold, clearing other versions", async () => {
    const prisma = t.server.ctx.prisma;
    // Rows an older release made of the same day go with the swap.
    await prisma.$executeRawUnsafe(
      `INSERT INTO metric_days (workspace_id, analysis_version, day, responses, revision, updated_at)
       VALUES ($1, $2::int, $3::date, 7, 1, now())`,
      workspaceId,
      ANALYSIS_VERSION - 1,
      day,
    );
    const { digest } = await loadSubjectWithDigest(prisma, workspaceId);
    const revision = await readDayRevision(t.server.ctx, workspaceId, day);
    expect(await emptyTheDay({ revision, subjectDigest: digest })).toBe("done");
    const after = await dayState();
    for (const n of Object.values(after.rows)) expect(n).toBe(0);
    expect(after.day).toHaveLength(1);
    expect(after.day[0]).toMatchObject({
      analysisVersion: ANALYSIS_VERSION,
      responses: 0,
      revision: revision + 1,
      subjectFingerprint: "test-fingerprint",
    });
  });
});

describe("rollup storage", () => {
  // Updated in place by every recorded batch and every swap, keys unchanged: free space on
  // each page keeps most of those updates on it (heap-only), out of the key index.
  it("keeps 30% of every rollup table's pages free for in-place updates", async () => {
    const tables = ["metric_days", ...ROLLUP_TABLES.map((table) => table.name)];
    const rows = await t.server.ctx.prisma.$queryRawUnsafe<
      Array<{ relname: string; reloptions: string[] | null }>
    >(
      "SELECT relname, reloptions FROM pg_class WHERE relname = ANY($1::text[]) AND relkind = 'r'",
      tables,
    );
    expect(Object.fromEntries(rows.map((r) => [r.relname, r.reloptions]))).toEqual(
      Object.fromEntries(tables.map((name) => [name, ["fillfactor=70"]])),
    );
  });
});
