import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYSIS_VERSION } from "../../src/analysis/types.js";
import { reanalyzeWorkspaceJob } from "../../src/jobs/definitions/reanalyze-workspace-job.js";
import { queueOutdatedReanalyses } from "../../src/services/analysis/queue-outdated-reanalyses.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { measuredWorkspace } from "./metrics-fixtures.js";

const ROLLUP_TABLES = [
  "metric_cells",
  "metric_entity_counts",
  "metric_group_domain_counts",
  "metric_days",
];

describe("re-analysis jobs: one waiting job per workspace", () => {
  let t: TestServer;
  // No workers: jobs stay in the queue where the test can count them.
  beforeAll(async () => {
    t = await startTestServer({ env: { GEO_WORKERS: "false" } });
  });
  afterAll(() => t.close());

  const waiting = () =>
    t.server.ctx.prisma.$queryRawUnsafe<Array<{ key: string; n: number }>>(
      `SELECT singleton_key AS key, count(*)::int AS n FROM pgboss.job
       WHERE name = 'workspace-reanalyze-v3' AND state = 'created' GROUP BY 1 ORDER BY 1`,
    );

  it("a burst of requests for a workspace queues one job", async () => {
    const { queue } = t.server.ctx;
    for (let i = 0; i < 5; i++) {
      await queue.enqueue(reanalyzeWorkspaceJob, { workspaceId: "ws_a" });
    }
    await queue.enqueue(reanalyzeWorkspaceJob, { workspaceId: "ws_b" });
    expect(await waiting()).toEqual([
      { key: "ws_a", n: 1 },
      { key: "ws_b", n: 1 },
    ]);
  });
});

describe("rollups of an older analysis version", () => {
  let t: TestServer;
  let cookie: string;
  let slug: string;
  let workspaceId: string;
  beforeAll(async () => {
    t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
    t.clock.set("2026-04-02T09:00:00.000Z");
    ({ cookie, slug, workspaceId } = await measuredWorkspace(t, "versions@example.com", 6));
  }, 120_000);
  afterAll(() => t.close());

  const metrics = async () =>
    (await t.request<any>("GET", `/api/v1/workspaces/${slug}/metrics`, { cookie })).body;

  it("are rebuilt at the current version by the sweep a worker runs at start", async () => {
    const current = await metrics();
    expect(current.scoreboard.composite.n).toBeGreaterThan(0);
    // As if an older release had analysed the day: its rollups sit under version - 1.
    for (const table of ROLLUP_TABLES) {
      await t.server.ctx.prisma.$executeRawUnsafe(
        `UPDATE ${table} SET analysis_version = $1::int WHERE workspace_id = $2`,
        ANALYSIS_VERSION - 1,
        workspaceId,
      );
    }
    // Written outside the API: the cached metrics head goes with the trigger's notice.
    await eventually(async () =>
      (await metrics()).scoreboard.composite.n === 0 ? true : undefined,
    );

    expect(await queueOutdatedReanalyses({ ctx: t.server.ctx })).toEqual([workspaceId]);
    const rebuilt = await eventually(async () => {
      const body = await metrics();
      return body.scoreboard.composite.n > 0 ? body : undefined;
    });
    expect(rebuilt.scoreboard).toEqual(current.scoreboard);
    expect(rebuilt.shareOfVoice).toEqual(current.shareOfVoice);
    expect(rebuilt.topCitedDomains).toEqual(current.topCitedDomains);
    // The old version's rows are gone, so the next start queues nothing.
    await eventually(async () =>
      (await queueOutdatedReanalyses({ ctx: t.server.ctx })).length === 0 ? true : undefined,
    );
    for (const table of ROLLUP_TABLES) {
      const [row] = await t.server.ctx.prisma.$queryRawUnsafe<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM ${table} WHERE analysis_version <> $1::int`,
        ANALYSIS_VERSION,
      );
      expect(row?.n).toBe(0);
    }
  }, 60_000);
});
