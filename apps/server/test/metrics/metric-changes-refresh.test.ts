import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_INPUTS_PREFIX } from "../../src/services/metrics/day-changes.js";
import {
  queueMissingChangeRefreshes,
  refreshWorkspaceChanges,
} from "../../src/services/metrics/refresh-workspace-changes.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts } from "../runs/run-fixtures.js";
import { seedVisibility } from "./change-fixtures.js";
import { runAndWait } from "./metrics-fixtures.js";

// The metric-changes-refresh job: a finished run queues it, and it stores the
// detected changes of every day whose stored result is missing or outdated, so
// reads find them computed.
let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set("2026-05-15T09:00:00.000Z");
  cookie = await t.signIn("metric-changes-refresh@example.com");
}, 60_000);
afterAll(() => t.close());

const storedDays = async (workspaceId: string) =>
  (
    await t.server.ctx.prisma.metricChangeDay.findMany({
      where: { workspaceId },
      select: { day: true, inputs: true },
      orderBy: { day: "asc" },
    })
  ).map((d) => ({ day: d.day.toISOString().slice(0, 10), inputs: d.inputs }));

describe("metric-changes-refresh job", () => {
  it("a finished run queues the refresh of its day, before any read", async () => {
    const slug = await t.createWorkspace(cookie, { brand: "changes-run" });
    await seedPrompts(t, slug, 3);
    const { id } = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
    await runAndWait(t, slug, cookie, "smoke");
    const days = await eventually(async () => {
      const stored = await storedDays(id);
      return stored.length > 0 ? stored : undefined;
    });
    expect(days.map((d) => d.day)).toEqual(["2026-05-15"]);
  }, 90_000);

  it("computes every outdated day once; a second pass has nothing to do", async () => {
    const slug = await t.createWorkspace(cookie, { brand: "changes-seeded" });
    const { workspaceId } = await seedVisibility(t, slug, {
      days: 40,
      lastDay: "2026-05-14",
      prompts: 20,
      engines: ["openai"],
      rates: { self: 0.3 },
      seed: "changes/refresh",
    });
    const ctx = t.server.ctx;
    expect(await refreshWorkspaceChanges({ ctx, workspaceId })).toBe(40);
    expect(await refreshWorkspaceChanges({ ctx, workspaceId })).toBe(0);
    const before = await storedDays(workspaceId);
    // A later write to one day makes that day and the 34 after it (here: the last 6) outdated.
    await ctx.prisma.$executeRawUnsafe(
      "UPDATE metric_days SET revision = revision + 1 WHERE workspace_id = $1 AND day = $2::date",
      workspaceId,
      "2026-05-09",
    );
    expect(await refreshWorkspaceChanges({ ctx, workspaceId })).toBe(6);
    const after = await storedDays(workspaceId);
    expect(after.filter((d, i) => d.inputs !== before[i]?.inputs).map((d) => d.day)).toEqual([
      "2026-05-09",
      "2026-05-10",
      "2026-05-11",
      "2026-05-12",
      "2026-05-13",
      "2026-05-14",
    ]);
    expect(await refreshWorkspaceChanges({ ctx, workspaceId: "wsp_missing" })).toBe(0);
  }, 90_000);

  it("a release that changes the test recomputes every stored day: queued at start, then refreshed", async () => {
    const slug = await t.createWorkspace(cookie, { brand: "changes-method" });
    const { workspaceId } = await seedVisibility(t, slug, {
      days: 36,
      lastDay: "2026-05-14",
      prompts: 20,
      engines: ["openai"],
      rates: { self: 0.3 },
      seed: "changes/method",
    });
    const ctx = t.server.ctx;
    expect(await refreshWorkspaceChanges({ ctx, workspaceId })).toBe(36);
    expect(await queueMissingChangeRefreshes({ ctx })).not.toContain(workspaceId);
    // As an earlier release stored them: another test's name at the start of every fingerprint.
    await ctx.prisma.$executeRawUnsafe(
      "UPDATE metric_change_days SET inputs = replace(inputs, $2, 'two-proportion-z-vs-trailing-baseline:') WHERE workspace_id = $1",
      workspaceId,
      CHANGE_INPUTS_PREFIX,
    );
    expect(
      (await storedDays(workspaceId)).every((d) => !d.inputs.startsWith(CHANGE_INPUTS_PREFIX)),
    ).toBe(true);
    expect(await queueMissingChangeRefreshes({ ctx })).toContain(workspaceId);
    // The queued job recomputes every day.
    const days = await eventually(async () => {
      const stored = await storedDays(workspaceId);
      return stored.every((d) => d.inputs.startsWith(CHANGE_INPUTS_PREFIX)) ? stored : undefined;
    });
    expect(days).toHaveLength(36);
  }, 90_000);
});
