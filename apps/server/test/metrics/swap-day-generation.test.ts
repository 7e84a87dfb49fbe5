import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYSIS_VERSION } from "../../src/analysis/types.js";
import { loadSubjectWithDigest } from "../../src/services/analysis/analysis-subject.js";
import { readDayRevision } from "../../src/services/analysis/read-day-answers.js";
import { reanalyzeDay } from "../../src/services/analysis/reanalyze-day.js";
import type { AnalysedAnswer } from "../../src/services/analysis/rollup-rows.js";
import { ROLLUP_TABLES } from "../../src/services/analysis/rollup-tables.js";
import { swapDayRollups } from "../../src/services/analysis/swap-day-rollups.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { markDayStale, measuredWorkspace, runAndWait } from "./metrics-fixtures.js";

/**
 * A swap whose diff is too large to apply in one short statement writes the day at a new
 * generation and moves the day to it (swap-day-generation.ts). Forced here with
 * `inPlaceMaxRows: -1`, on a day a real run recorded.
 */
let t: TestServer;
let cookie: string;
let slug: string;
let workspaceId: string;
const day = "2026-03-05";
const ws = () => `/api/v1/workspaces/${slug}`;

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(`${day}T09:00:00.000Z`);
  ({ cookie, slug, workspaceId } = await measuredWorkspace(t, "generation@example.com", 3));
}, 120_000);
afterAll(() => t.close());

const sql = <T>(query: string, ...params: unknown[]) =>
  t.server.ctx.prisma.$queryRawUnsafe<T[]>(query, ...params);

/** The day's metric_days row at the current analysis version. */
async function dayRow() {
  const [row] = await sql<{ generation: number; last: number; revision: number }>(
    `SELECT generation, last_generation AS last, revision FROM metric_days
     WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date`,
    workspaceId,
    ANALYSIS_VERSION,
    day,
  );
  if (!row) throw new Error("no metric_days row");
  return row;
}

/** Every rollup table's rows of the day at `generation`, without it, as sorted JSON texts. */
async function rowsAt(generation: number) {
  const tables: Record<string, string[]> = {};
  for (const table of ROLLUP_TABLES) {
    const rows = await sql<{ row: string }>(
      `SELECT (to_jsonb(r) - 'generation')::text AS row FROM ${table.name} r
       WHERE workspace_id = $1 AND day = $2::date AND generation = $3::int`,
      workspaceId,
      day,
      generation,
    );
    tables[table.name] = rows.map((r) => r.row).sort();
  }
  return tables;
}

/** Rows of the day per generation, over every rollup table. */
async function rowsPerGeneration() {
  const counts: Record<number, number> = {};
  for (const table of ROLLUP_TABLES) {
    for (const r of await sql<{ generation: number; n: number }>(
      `SELECT generation, count(*)::int AS n FROM ${table.name}
       WHERE workspace_id = $1 AND day = $2::date GROUP BY generation`,
      workspaceId,
      day,
    ))
      counts[r.generation] = (counts[r.generation] ?? 0) + r.n;
  }
  return counts;
}

/**
 * What the rollup readers serve: the metrics view, the time series and the cited sources
 * (without the pending recommendations, which the run's derivation adds meanwhile).
 */
async function readersSee() {
  const range = `from=${day}&to=${day}`;
  const bodies = [];
  for (const path of [
    `/metrics?date=${day}`,
    `/metrics/timeseries?${range}`,
    `/sources?${range}`,
  ]) {
    const res = await t.request<any>("GET", `${ws()}${path}`, { cookie });
    expect(res.status, path).toBe(200);
    const { pendingRecommendations: _, ...body } = res.body;
    bodies.push(body);
  }
  return bodies;
}

/** Re-analyses the day (made stale first), every swap at a new generation. */
async function reanalyseAtNewGeneration() {
  await markDayStale(t, workspaceId, day);
  const result = await reanalyzeDay({ ctx: t.server.ctx, workspaceId, day, inPlaceMaxRows: -1 });
  expect(result.done).toBe(true);
}

/** 40 answers of prompts the day has no other answers of: a day of rows of their own. */
const otherAnswers: AnalysedAnswer[] = Array.from({ length: 40 }, (_, i) => ({
  day,
  engine: "openai",
  promptId: `prm_other_${i}`,
  category: "commercial",
  language: "en",
  region: null,
  analysis: { version: ANALYSIS_VERSION, mentions: [], citations: [] },
}));

/** Swaps the day to `otherAnswers` at a new generation, `chunk` rows per statement. */
async function swapToOtherAnswers(revision: number, chunk?: number) {
  const { digest } = await loadSubjectWithDigest(t.server.ctx.prisma, workspaceId);
  return swapDayRollups({
    ctx: t.server.ctx,
    workspaceId,
    day,
    answers: otherAnswers,
    fingerprint: "test-fingerprint",
    subjectDigest: digest,
    revision,
    inPlaceMaxRows: -1,
    ...(chunk ? { generationChunk: chunk } : {}),
  });
}

describe("a day's rollups at a new generation", () => {
  it("are written anew and the day moved to them: the same rows, the old ones deleted, readers unchanged", async () => {
    const before = await dayRow();
    const rows = await rowsAt(before.generation);
    for (const table of ROLLUP_TABLES) expect(rows[table.name]?.length).toBeGreaterThan(0);
    const seen = await readersSee();
    await reanalyseAtNewGeneration();
    const after = await dayRow();
    expect(after.generation).toBe(before.last + 1);
    expect(after.last).toBe(after.generation);
    expect(after.revision).toBe(before.revision + 1);
    expect(await rowsAt(after.generation)).toEqual(rows);
    const total = Object.values(rows).reduce((n, r) => n + r.length, 0);
    expect(await rowsPerGeneration()).toEqual({ [after.generation]: total });
    expect(await readersSee()).toEqual(seen);
  });

  it("are invisible to readers until the day moves to them, and a crashed swap's rows go with the next", async () => {
    const seen = await readersSee();
    const current = await dayRow();
    // A swap that took a generation and wrote rows at it, then stopped.
    const [taken] = await sql<{ generation: number }>(
      `UPDATE metric_days SET last_generation = last_generation + 1
       WHERE workspace_id = $1 AND day = $2::date RETURNING last_generation AS generation`,
      workspaceId,
      day,
    );
    const orphan = Number(taken?.generation);
    // Copies of every table's rows at the orphan generation, the responses doubled too.
    for (const { name } of ROLLUP_TABLES) {
      const doubled = ["metric_cells", "metric_groups", "metric_day_engines"].includes(name)
        ? ", 'responses', r.responses * 2"
        : "";
      await sql(
        `INSERT INTO ${name} SELECT (jsonb_populate_record(r, jsonb_build_object(
           'generation', $3::int${doubled}))).* FROM ${name} r
         WHERE workspace_id = $1 AND day = $2::date AND generation = $4::int`,
        workspaceId,
        day,
        orphan,
        current.generation,
      );
    }
    // Cached reads go with a new revision: the readers read the tables again.
    await sql(
      `UPDATE metric_days SET revision = revision + 1 WHERE workspace_id = $1 AND day = $2::date`,
      workspaceId,
      day,
    );
    expect(await readersSee()).toEqual(seen);
    await reanalyseAtNewGeneration();
    const after = await dayRow();
    expect(after.generation).toBe(orphan + 1);
    expect(Object.keys(await rowsPerGeneration())).toEqual([String(after.generation)]);
    expect(await readersSee()).toEqual(seen);
  });

  it("are deleted, the day left as it was, when the day changed since its answers were listed", async () => {
    const before = await dayRow();
    const rows = await rowsAt(before.generation);
    const revision = await readDayRevision(t.server.ctx, workspaceId, day);
    expect(await swapToOtherAnswers(revision - 1)).toBe("day-changed");
    const after = await dayRow();
    expect(after).toEqual({ ...before, last: before.last + 1 });
    expect(await rowsAt(before.generation)).toEqual(rows);
    expect(Object.keys(await rowsPerGeneration())).toEqual([String(before.generation)]);
  });

  it("take the answers recorded afterwards: a run adds to the day's current generation", async () => {
    await reanalyseAtNewGeneration();
    const { generation } = await dayRow();
    expect(generation).toBeGreaterThan(0);
    await runAndWait(t, slug, cookie);
    expect(Object.keys(await rowsPerGeneration())).toEqual([String(generation)]);
    const [cells] = await sql<{ responses: number }>(
      `SELECT sum(responses)::int AS responses FROM metric_cells
       WHERE workspace_id = $1 AND day = $2::date AND generation = $3::int`,
      workspaceId,
      day,
      generation,
    );
    const answered = await t.server.ctx.prisma.engineResponse.count({
      where: { workspaceId, status: "succeeded" },
    });
    expect(cells?.responses).toBe(answered);
  });

  it("leave no rows of other analysis versions once the day has moved", async () => {
    const other = ANALYSIS_VERSION - 1;
    await sql(
      `INSERT INTO metric_days (workspace_id, analysis_version, day, responses, revision, updated_at)
       VALUES ($1, $2::int, $3::date, 7, 1, now())`,
      workspaceId,
      other,
      day,
    );
    await sql(
      `INSERT INTO metric_cells SELECT (jsonb_populate_record(r, jsonb_build_object(
         'analysis_version', $3::int))).* FROM metric_cells r
       WHERE workspace_id = $1 AND day = $2::date`,
      workspaceId,
      day,
      other,
    );
    await reanalyseAtNewGeneration();
    const left = await sql<{ n: number }>(
      `SELECT (SELECT count(*) FROM metric_days WHERE workspace_id = $1 AND analysis_version = $2::int)
            + (SELECT count(*) FROM metric_cells WHERE workspace_id = $1 AND analysis_version = $2::int)
         AS n`,
      workspaceId,
      other,
    );
    expect(Number(left[0]?.n)).toBe(0);
  });

  it("are written and deleted in many statements when they exceed a chunk, the same rows as in one", async () => {
    const before = await dayRow();
    const oldRows = Object.values(await rowsAt(before.generation)).flat().length;
    expect(oldRows).toBeGreaterThan(3);
    const revision = await readDayRevision(t.server.ctx, workspaceId, day);
    expect(await swapToOtherAnswers(revision, 3)).toBe("done");
    const chunked = await dayRow();
    const rows = await rowsAt(chunked.generation);
    expect(rows.metric_cells).toHaveLength(otherAnswers.length);
    expect(Object.keys(await rowsPerGeneration())).toEqual([String(chunked.generation)]);

    // The same answers in statements of one chunk each: the same rows.
    expect(await swapToOtherAnswers(chunked.revision)).toBe("done");
    const whole = await dayRow();
    expect(whole.generation).toBeGreaterThan(chunked.generation);
    expect(await rowsAt(whole.generation)).toEqual(rows);
  });

  it("at once, two of the same day: one moves the day, the other's rows are deleted", async () => {
    const before = await dayRow();
    const rows = await rowsAt(before.generation);
    const revision = await readDayRevision(t.server.ctx, workspaceId, day);
    const outcomes = await Promise.all([
      swapToOtherAnswers(revision, 3),
      swapToOtherAnswers(revision, 5),
    ]);
    expect(outcomes.sort()).toEqual(["day-changed", "done"]);
    const after = await dayRow();
    expect(after.revision).toBe(before.revision + 1);
    expect(after.generation).toBeGreaterThan(before.generation);
    expect(Object.keys(await rowsPerGeneration())).toEqual([String(after.generation)]);
    expect(await rowsAt(after.generation)).toEqual(rows);
  });
});
