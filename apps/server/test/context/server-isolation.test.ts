import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../../src/context.js";
import { loadDayView } from "../../src/services/metrics/day-view.js";
import { loadMetricsScope, type MetricsScope } from "../../src/services/metrics/metrics-scope.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { workspaceJobsSettled } from "../harness/workspace-jobs.js";
import { runAndWait } from "../metrics/metrics-fixtures.js";
import { seedPrompts } from "../runs/run-fixtures.js";

/**
 * Two servers in one process, each on its own database, share no computed
 * state (issue 27): what one computed for a workspace id, day and revision is
 * never served by the other, whose database holds nothing of the kind.
 */
let measured: TestServer;
let empty: TestServer;
let scope: MetricsScope;
const day = { day: "2026-03-04", revision: 0 };

beforeAll(async () => {
  measured = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  empty = await startTestServer({ env: { GEO_WORKERS: "false" } });
  measured.clock.set(`${day.day}T09:00:00.000Z`);
  const cookie = await measured.signIn("isolation@example.com");
  const slug = await measured.createWorkspace(cookie, { brand: "acme" });
  await seedPrompts(measured, slug, 4);
  await runAndWait(measured, slug, cookie);
  const ctx = measured.server.ctx;
  const workspace = await ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
  // The run's follow-up jobs (changes, stored snapshots) write after it reads as done; settled
  // first, so nothing refreshes the day between the reads compared below.
  await workspaceJobsSettled(measured, workspace.id);
  scope = await loadMetricsScope(ctx, workspace.id);
  const row = await ctx.prisma.metricDay.findFirstOrThrow({
    where: { workspaceId: workspace.id, analysisVersion: scope.version },
  });
  day.revision = row.revision;
}, 180_000);
afterAll(async () => {
  await measured?.close();
  await empty?.close();
});

describe("two servers in one process", () => {
  it("never serve each other's day metrics for the same workspace id, day and revision", async () => {
    const filters = {};
    const daySnapshot = async ({ ctx }: { ctx: AppContext }) =>
      (await loadDayView({ ctx, scope, days: [day], current: day, filters })).day;
    const first = await daySnapshot({ ctx: measured.server.ctx });
    expect(first.snapshot.responses).toBeGreaterThan(0);
    // The same server serves its own computation again.
    expect(await daySnapshot({ ctx: measured.server.ctx })).toBe(first);

    const second = await daySnapshot({ ctx: empty.server.ctx });
    expect(second).not.toBe(first);
    expect(second.snapshot.responses).toBe(0);
    expect(second.topCitedDomains).toEqual([]);
  });

  it("own their caches: no computed state is one object in both contexts", () => {
    const [a, b] = [measured.server.ctx, empty.server.ctx];
    expect(a.metricsCache).not.toBe(b.metricsCache);
    expect(a.analyzers).not.toBe(b.analyzers);
    expect(a.runningTurns).not.toBe(b.runningTurns);
  });
});
