import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../src/days.js";
import { loadVisibilitySeries } from "../../src/services/metrics/load-entity-count-series.js";
import { findMetricsScope } from "../../src/services/metrics/metrics-scope.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { CHANGE_CATEGORY, seedVisibility } from "./change-fixtures.js";

// Change detection through the API, on seeded rollups drawn from known truth:
// 45 days of 20 prompts × 2 engines × 2 repetitions; in one workspace Globex's
// visibility on perplexity jumps from 0.20 to 0.60 on day 38 (2026-05-08),
// in the other nothing changes.
const lastDay = "2026-05-15";
const jumpDay = "2026-05-08";
const engines = ["openai", "perplexity"];
const rates = { self: 0.4, Globex: 0.2, Initech: 0.3 };

let t: TestServer;
let cookie: string;
let jumped: string;
let stable: string;
let seeded: Awaited<ReturnType<typeof seedVisibility>>;

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(`${lastDay}T20:00:00.000Z`);
  cookie = await t.signIn("metric-changes@example.com");
  jumped = await t.createWorkspace(cookie, { brand: "changes-jump" });
  stable = await t.createWorkspace(cookie, { brand: "changes-stable" });
  const base = { days: 45, lastDay, prompts: 20, engines, rates };
  seeded = await seedVisibility(t, jumped, {
    ...base,
    jump: { entity: "Globex", engine: "perplexity", points: 40, fromDay: 38 },
    seed: "changes/jump",
  });
  await seedVisibility(t, stable, { ...base, seed: "changes/stable" });
}, 120_000);
afterAll(() => t.close());

const get = async (slug: string, path: string) => {
  const response = await t.request<any>("GET", `/api/v1/workspaces/${slug}${path}`, { cookie });
  expect(response.status, response.text).toBe(200);
  return response.body;
};
const listAll = async (slug: string, query = "") => {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await get(
      slug,
      `/metrics/changes?limit=2${query}${cursor ? `&cursor=${cursor}` : ""}`,
    );
    items.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
};

describe("GET /metrics/changes", () => {
  it("lists the jump, on its engine and pooled, with its evidence", async () => {
    const page = await get(jumped, "/metrics/changes?limit=100");
    expect(page).toMatchObject({ to: lastDay, from: addDays(lastDay, -89), nextCursor: null });
    const globexId = seeded.ids.Globex;
    // Only Globex moved: nothing else is flagged, and only upwards after the jump.
    expect(page.data.length).toBeGreaterThan(0);
    for (const c of page.data) {
      expect(c.entity).toEqual({ id: globexId, name: "Globex", isSelf: false });
      expect(["perplexity", "all"]).toContain(c.engine);
      expect(c.date >= jumpDay).toBe(true);
      expect(c.direction).toBe("up");
      expect(c.qValue).toBeLessThanOrEqual(page.fdr);
    }
    const first = page.data.filter((c: any) => c.engine === "perplexity").at(-1);
    expect(first).toMatchObject({
      id: `${first.date}:${globexId}:perplexity:visibility`,
      metric: "visibility",
      method: "daily-rates-t-vs-trailing-baseline",
      recent: { to: first.date, from: addDays(first.date, -6), days: 7, n: 7 * 40 },
      baseline: { to: addDays(first.date, -7), from: addDays(first.date, -34), days: 28 },
    });
    expect(first.baseline.n).toBe(28 * 40);
    expect(first.baseline.rate).toBeCloseTo(0.2, 1);
    expect(first.recent.rate).toBeGreaterThan(first.baseline.rate);
    expect(first.delta.value).toBeCloseTo(first.recent.rate - first.baseline.rate, 10);
    expect(first.delta.ciLow).toBeGreaterThan(0);
    expect(first.recent.ciLow).toBeLessThan(first.recent.rate);
    expect(first.z).toBeGreaterThan(2);
    expect(first.movedPrompts).toHaveLength(5);
    const texts = new Map(seeded.prompts.map((p) => [p.id, p.text]));
    for (const p of first.movedPrompts) {
      expect(p.text).toBe(texts.get(p.promptId));
      expect(p.change).toBeCloseTo(p.recent - p.baseline, 10);
    }
    // The week after the jump is flagged on perplexity by its last day.
    expect(page.data.some((c: any) => c.engine === "perplexity" && c.date === lastDay)).toBe(true);
  });

  it("pages, filters by engine and entity, and gives the same flags for any range", async () => {
    const all = (await get(jumped, "/metrics/changes?limit=100")).data;
    expect(await listAll(jumped)).toEqual(all);
    const pooled = (await get(jumped, "/metrics/changes?engine=all")).data;
    expect(pooled).toEqual(all.filter((c: any) => c.engine === "all"));
    expect((await get(jumped, "/metrics/changes?entity=self")).data).toEqual([]);
    const narrow = await get(jumped, `/metrics/changes?from=${jumpDay}&to=${addDays(jumpDay, 3)}`);
    expect(narrow.data).toEqual(
      all.filter((c: any) => c.date >= jumpDay && c.date <= addDays(jumpDay, 3)),
    );
    // A filter that selects every answer computes on the fly: the same flags.
    const filtered = await get(jumped, `/metrics/changes?limit=100&category=${CHANGE_CATEGORY}`);
    expect(filtered.data).toEqual(all);
  });

  it("the time series carries the same flags on its points", async () => {
    const body = await get(jumped, `/metrics/timeseries?from=2026-04-01&to=${lastDay}`);
    const all = (await get(jumped, "/metrics/changes?limit=100")).data;
    const flagged = body.series.flatMap((s: any) =>
      s.points
        .filter((p: any) => p.change !== null)
        .map((p: any) => ({ key: `${p.date}:${s.entityId}:${s.engine}`, change: p.change })),
    );
    expect(flagged.map((f: any) => f.key).sort()).toEqual(
      all.map((c: any) => `${c.date}:${c.entity.id}:${c.engine}`).sort(),
    );
    for (const f of flagged) {
      const c = all.find((x: any) => `${x.date}:${x.entity.id}:${x.engine}` === f.key);
      expect(f.change).toEqual({
        metric: "visibility",
        direction: c.direction,
        delta: c.delta.value,
        qValue: c.qValue,
      });
    }
    // With an engine filter, the pooled series is that engine's answers and its flags.
    const one = await get(
      jumped,
      `/metrics/timeseries?from=${jumpDay}&to=${lastDay}&engine=perplexity&entity=${seeded.ids.Globex}`,
    );
    for (const s of one.series) {
      const dates = s.points.filter((p: any) => p.change).map((p: any) => p.date);
      expect(dates).toEqual(
        all
          .filter((c: any) => c.engine === "perplexity")
          .map((c: any) => c.date)
          .sort(),
      );
    }
  });

  it("a stable workspace lists nothing and flags no point", async () => {
    const page = await get(stable, "/metrics/changes");
    expect(page.data).toEqual([]);
    expect(page.nextCursor).toBeNull();
    const body = await get(stable, `/metrics/timeseries?from=2026-03-01&to=${lastDay}`);
    expect(body.series.length).toBeGreaterThan(0);
    for (const s of body.series) for (const p of s.points) expect(p.change).toBeNull();
  });

  it("stores each day's result and recomputes a day when its window's data changes", async () => {
    const prisma = t.server.ctx.prisma;
    const stored = await prisma.metricChangeDay.count({
      where: { workspaceId: seeded.workspaceId },
    });
    expect(stored).toBe(45);
    const before = (await get(jumped, "/metrics/changes?limit=100")).data;
    // A new write to a day of the window (its revision moves) makes the days after it stale.
    await prisma.$executeRawUnsafe(
      "UPDATE metric_days SET revision = revision + 1 WHERE workspace_id = $1 AND day = $2::date",
      seeded.workspaceId,
      addDays(lastDay, -2),
    );
    await prisma.$executeRawUnsafe(
      "UPDATE metric_change_days SET changes = '[]' WHERE workspace_id = $1",
      seeded.workspaceId,
    );
    expect((await get(jumped, "/metrics/changes?limit=100")).data).toEqual(
      before.filter((c: any) => c.date >= addDays(lastDay, -2)),
    );
  });

  it("reads the series a few days at a time as it would whole: chunk edges change nothing", async () => {
    const { ctx } = t.server;
    const workspace = await ctx.prisma.workspace.findUniqueOrThrow({ where: { slug: jumped } });
    const scope = await findMetricsScope(ctx, workspace.id);
    if (!scope) throw new Error("no scope");
    const read = (chunkDays?: number) =>
      loadVisibilitySeries({
        ctx,
        workspaceId: workspace.id,
        version: scope.version,
        entities: scope.entities,
        from: addDays(lastDay, -44),
        to: lastDay,
        filters: {},
        ...(chunkDays ? { chunkDays } : {}),
      });
    const whole = await read(1000);
    // 3 engine series (2 engines and pooled) × 3 entities, 45 days each.
    expect(whole).toHaveLength(9);
    expect(whole.every((s) => s.days.length === 45)).toBe(true);
    expect(await read()).toEqual(whole);
    expect(await read(1)).toEqual(whole);
    expect(await read(7)).toEqual(whole);
  });

  it("an API key with metrics:read lists too", async () => {
    const { secret } = await t.mintKey(cookie, jumped, ["metrics:read"]);
    const response = await t.request<any>("GET", `/api/v1/workspaces/${jumped}/metrics/changes`, {
      bearer: secret,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.length).toBeGreaterThan(0);
  });
});
