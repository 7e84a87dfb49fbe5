import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entityCountColumns } from "../../src/services/analysis/rollup-columns.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts } from "../runs/run-fixtures.js";
import { reanalysisSettled, runAndWait, seedPrompt } from "./metrics-fixtures.js";

// An unfiltered time series reads the day-engine rollups (metric_day_engines,
// metric_day_engine_entity_counts: the counted groups summed per day and
// engine); a filtered one sums the group tables. On data written by real runs
// and by the re-analysis, both must give exactly the same numbers: every
// prompt here is English, so `language=en` selects every group and takes the
// group path over the same answers.
const days = ["2026-06-01", "2026-06-02", "2026-06-04"];
const range = `from=2026-05-31&to=2026-06-05`;

let t: TestServer;
let cookie: string;
let slug: string;
let workspaceId: string;

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set(`${days[0]}T09:00:00.000Z`);
  cookie = await t.signIn("timeseries-day-engines@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
  await seedPrompts(t, slug, 12);
  // Brand research (left out of the day-engine sums) and a region (summed over).
  await seedPrompt(t, slug, "brand_research", "What do reviewers say about acme pricing?");
  await seedPrompt(t, slug, "comparison", "acme or Globex for a budget team?", { region: "us" });
  workspaceId = (await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } })).id;
  await runAndWait(t, slug, cookie);
  t.clock.set(`${days[1]}T09:00:00.000Z`);
  await runAndWait(t, slug, cookie);
}, 120_000);
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown) =>
  t.request<any>(method, `/api/v1/workspaces/${slug}${path}`, { cookie, body });

const series = async (query: string) => {
  const response = await call("GET", `/metrics/timeseries?${range}${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body.series as Array<{ entityId: string; engine: string; points: any[] }>;
};

/** The day-engine rows, and the same sums computed from the group rows, as sorted text. */
async function dayEngineRows() {
  const rows = async (sql: string) =>
    (await t.server.ctx.prisma.$queryRawUnsafe<unknown[]>(sql, workspaceId))
      .map((r) => JSON.stringify(r))
      .sort();
  const day = "to_char(day, 'YYYY-MM-DD') AS day";
  const counts = entityCountColumns.join(", ");
  const sums = entityCountColumns.map((c) => `sum(${c})::int AS ${c}`).join(", ");
  const mine = "workspace_id = $1";
  const counted = `${mine} AND category <> 'brand_research'`;
  return {
    engines: await rows(
      `SELECT analysis_version, ${day}, engine, responses, responses_with_citations
       FROM metric_day_engines WHERE ${mine}`,
    ),
    enginesFromGroups: await rows(
      `SELECT analysis_version, ${day}, engine, sum(responses)::int AS responses,
         sum(responses_with_citations)::int AS responses_with_citations
       FROM metric_groups WHERE ${counted} GROUP BY analysis_version, day, engine`,
    ),
    entities: await rows(
      `SELECT analysis_version, ${day}, engine, entity_id, ${counts}
       FROM metric_day_engine_entity_counts WHERE ${mine}`,
    ),
    entitiesFromGroups: await rows(
      `SELECT analysis_version, ${day}, engine, entity_id, ${sums}
       FROM metric_group_entity_counts WHERE ${counted}
       GROUP BY analysis_version, day, engine, entity_id`,
    ),
  };
}

/** Both paths agree, and the rollups they read are consistent; returns the unfiltered series. */
async function expectPathsAgree() {
  const prompts = await t.server.ctx.prisma.prompt.findMany({ where: { workspaceId } });
  expect(new Set(prompts.map((p) => p.language))).toEqual(new Set(["en"]));
  const rows = await dayEngineRows();
  expect(rows.engines.length).toBeGreaterThan(0);
  expect(rows.entities.length).toBeGreaterThan(0);
  expect(rows.engines).toEqual(rows.enginesFromGroups);
  expect(rows.entities).toEqual(rows.entitiesFromGroups);

  const dayEngines = await series("");
  expect(dayEngines.length).toBeGreaterThan(0);
  expect(dayEngines).toEqual(await series("&language=en"));
  // An engine filter reads the day-engine rollups too; a category one the groups.
  expect(await series("&engine=openai")).toEqual(await series("&engine=openai&language=en"));
  return dayEngines;
}

const sorted = (rows: Array<{ entityId: string; engine: string; points: any[] }>) =>
  rows.map((s) => `${s.entityId}/${s.engine}: ${JSON.stringify(s.points)}`).sort();

const settled = () => reanalysisSettled(t, workspaceId);

describe("GET /metrics/timeseries: the day-engine rollups equal the group sums", () => {
  it("after the runs recorded their answers", async () => {
    const points = await expectPathsAgree();
    const dates = new Set(points.flatMap((s) => s.points.map((p) => p.date)));
    expect([...dates].sort()).toEqual(days.slice(0, 2));
    // Brand research is left out, on both paths alike.
    const withResearch = await series("&includeBrandResearch=true");
    const all = (list: typeof points) =>
      list.find((s) => s.entityId === "self" && s.engine === "all")?.points[0].responses;
    expect(all(withResearch)).toBeGreaterThan(all(points));
  });

  it("after a re-analysis changes the mentions of every day", async () => {
    await settled();
    const before = await dayEngineRows();
    const beforeSeries = await series("");
    const created = await call("POST", "/competitors", {
      name: "Hooli",
      domains: ["hooli.com"],
      aliases: ["pricing", "budget", "team"],
      ambiguous: false,
    });
    expect(created.status, created.text).toBe(201);
    const hooliId = created.body.competitorId;
    await eventually(async () => {
      const rows = await dayEngineRows();
      return rows.entities.some((r) => r.includes(`"entity_id":"${hooliId}"`)) ? true : undefined;
    });
    await settled();
    const after = await dayEngineRows();
    expect(after.entities).not.toEqual(before.entities);
    const points = await expectPathsAgree();
    expect(sorted(points)).not.toEqual(sorted(beforeSeries));
    expect(points.some((s) => s.entityId === hooliId && s.points.length === 2)).toBe(true);
  }, 60_000);

  it("after a new run adds a day", async () => {
    await settled();
    t.clock.set(`${days[2]}T09:00:00.000Z`);
    await runAndWait(t, slug, cookie);
    const points = await expectPathsAgree();
    const dates = new Set(points.flatMap((s) => s.points.map((p) => p.date)));
    expect([...dates].sort()).toEqual(days);
  }, 60_000);
});
