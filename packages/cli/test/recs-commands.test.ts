import { upsertDerivedRecommendation } from "@geopulse/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/** `geopulse recs …` in-process against the real server, recommendations seeded as the derivation stores them. */
let api: TestApi;
let env: Record<string, string>;
let readOnlyEnv: Record<string, string>;
const ids: string[] = [];

async function seed(label: string, kind: "create_content" | "engine_gap") {
  const { ctx } = api.server;
  const workspace = await ctx.prisma.workspace.findUniqueOrThrow({ where: { slug: api.slug } });
  const { recommendationId } = await ctx.prisma.$transaction((tx) =>
    upsertDerivedRecommendation({
      tx,
      clock: ctx.clock,
      workspaceId: workspace.id,
      complianceProfile: "none",
      recommendation: {
        kind,
        language: "en",
        title: `Answer "${label}" on your site`,
        rationale: `Alpha is named in 5 of 6 answers on ${label}; you in none.`,
        action: `Publish a page that answers "${label}".`,
        target: { promptIds: [`prm_${label}`], engines: ["openai"] },
        priority: { expectedImpact: 0.6, confidence: 0.5, effort: "low" },
        evidence: {
          metric: {
            name: "visibility",
            value: 0.1,
            ciLow: 0,
            ciHigh: 0.3,
            n: 6,
            date: "2026-11-20",
          },
          comparison: { entity: "Alpha", value: 0.83, ciLow: 0.5, ciHigh: 0.97, n: 6 },
          answers: [
            {
              runId: "run_01JD0000000000000000000000",
              responseId: "rsp_01JD0000000000000000000000",
              engine: "openai",
              promptId: `prm_${label}`,
              prompt: `which tool for ${label}?`,
              excerpt: "Alpha is the usual choice here.",
              citations: [{ position: 1, url: "https://alpha.dev/guide", title: "Guide" }],
            },
          ],
        },
      },
    }),
  );
  return recommendationId;
}

beforeAll(async () => {
  api = await startTestApi("clirecs");
  const key = await api.createKey(["workspace:read", "recs:read", "recs:write"]);
  const readOnly = await api.createKey(["workspace:read", "recs:read"]);
  const dir = await tempDir();
  env = { GEOPULSE_CONFIG_DIR: dir, GEOPULSE_BASE_URL: api.url, GEOPULSE_API_KEY: key };
  readOnlyEnv = { ...env, GEOPULSE_API_KEY: readOnly };
  ids.push(await seed("crm", "create_content"), await seed("billing", "engine_gap"));
}, 60_000);
afterAll(async () => {
  await api?.server.close();
  await removeTempDirs();
});

async function cli(args: string[], withEnv = env) {
  const io = memoryIo(withEnv);
  const code = await run(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe("geopulse recs", () => {
  it("list: a table, filters, --json", async () => {
    const table = await cli(["recs", "list"]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split("\n")[0]).toMatch(
      /^RECOMMENDATION\s+STATUS\s+KIND\s+PRIORITY\s+TITLE/,
    );
    expect(table.stdout).toContain(ids[0]);
    const gaps = await cli(["recs", "list", "--kind", "engine_gap", "--json"]);
    expect(JSON.parse(gaps.stdout).map((r: any) => r.recommendationId)).toEqual([ids[1]]);
    const none = await cli(["recs", "list", "--status", "done"]);
    expect(none).toMatchObject({ code: 0, stdout: "" });
    expect(none.stderr).toContain("No recommendations.");
  });

  it("show: the evidence down to the answers", async () => {
    const shown = await cli(["recs", "show", ids[0] as string]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(
      /^Priority\s+30 \(impact 0\.60 × confidence 0\.50 \/ effort low\)$/m,
    );
    expect(shown.stdout).toContain("visibility 0.10 (0.00–0.30), n=6 on 2026-11-20");
    expect(shown.stdout).toContain("Alpha: 0.83 (0.50–0.97), n=6");
    expect(shown.stdout).toContain(
      "openai · run_01JD0000000000000000000000 · rsp_01JD0000000000000000000000",
    );
    expect(shown.stdout).toContain("[1] https://alpha.dev/guide");
    expect(shown.stdout).toMatch(/derive\s+- → proposed\s+\(system\)/);
    expect(shown.stdout).not.toContain("Stale since");
    const json = JSON.parse((await cli(["recs", "show", ids[0] as string, "--json"])).stdout);
    expect(json.recommendationId).toBe(ids[0]);
    expect(json.evidence).toMatchObject({ stale: false, staleSince: null });
  });

  it("show: a recommendation the latest data no longer supports says so", async () => {
    const { prisma } = api.server.ctx;
    await prisma.recommendation.update({
      where: { id: ids[1] as string },
      data: { staleSince: new Date("2026-11-21T00:00:00.000Z") },
    });
    const shown = await cli(["recs", "show", ids[1] as string]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(
      "Stale since 2026-11-21: the latest data no longer supports it.",
    );
    await prisma.recommendation.update({
      where: { id: ids[1] as string },
      data: { staleSince: null },
    });
  });

  it("accept, start, done: each says the new status; --json prints the recommendation", async () => {
    const id = ids[0] as string;
    const accepted = await cli([
      "recs",
      "accept",
      id,
      "--note",
      "Ana writes it",
      "--idempotency-key",
      "cli-1",
    ]);
    expect(accepted).toMatchObject({
      code: 0,
      stdout: "",
      stderr: `Accepted ${id}: now accepted.\n`,
    });
    // The same key again: the first result, not a conflict.
    const retried = await cli([
      "recs",
      "accept",
      id,
      "--note",
      "Ana writes it",
      "--idempotency-key",
      "cli-1",
    ]);
    expect(retried.code, retried.stderr).toBe(0);
    const started = await cli(["recs", "start", id]);
    expect(started.stderr).toBe(`Started ${id}: now in_progress.\n`);
    const done = await cli(["recs", "done", id, "--json"]);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout).impact).toMatchObject({ verdict: "not_enough_data" });
  });

  it("show: the measured impact, its change in points with the interval, and the verdict", async () => {
    const id = ids[0] as string;
    const before = await cli(["recs", "show", id]);
    expect(before.stdout).toMatch(/^Impact: not_enough_data$/m);
    expect(before.stdout).toContain("  baseline 0.10 (0.00–0.30), n=6 on 2026-11-20");
    // As the impact job stores it after a later run.
    await api.server.ctx.prisma.recommendation.update({
      where: { id },
      data: {
        impactCurrent: {
          name: "visibility",
          value: 0.161,
          ciLow: 0.09,
          ciHigh: 0.25,
          n: 160,
          date: "2026-11-22",
        },
        impactDelta: {
          delta: 0.061,
          ciLow: 0.012,
          ciHigh: 0.11,
          significant: true,
          method: "paired-cluster-bootstrap",
        },
        impactVerdict: "improved",
      },
    });
    const shown = await cli(["recs", "show", id]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^Impact: \+6\.1 pt \(95% \+1\.2 to \+11\.0\) improved$/m);
    expect(shown.stdout).toContain("  current  0.16 (0.09–0.25), n=160 on 2026-11-22");
    // Stored before the windows: no windows. Measured over windows: the weeks compared.
    expect(shown.stdout).not.toContain("compared");
    await api.server.ctx.prisma.recommendation.update({
      where: { id },
      data: {
        impactDelta: {
          delta: 0.061,
          ciLow: 0.012,
          ciHigh: 0.11,
          significant: true,
          method: "daily-rates-t",
          windows: {
            before: {
              from: "2026-11-14",
              to: "2026-11-20",
              days: 7,
              value: 0.1,
              ciLow: 0.07,
              ciHigh: 0.13,
              n: 1120,
            },
            after: {
              from: "2026-11-21",
              to: "2026-11-22",
              days: 2,
              value: 0.161,
              ciLow: 0.09,
              ciHigh: 0.25,
              n: 320,
            },
          },
        },
      },
    });
    const windowed = await cli(["recs", "show", id]);
    expect(windowed.stdout).toContain(
      [
        "  compared on the days' rates:",
        "    before 0.10 (0.07–0.13), n=1120  2026-11-14..2026-11-20 (7 days)",
        "    after  0.16 (0.09–0.25), n=320  2026-11-21..2026-11-22 (2 days)",
      ].join("\n"),
    );
  });

  it("a transition the status does not allow: exit 1 with the server's error", async () => {
    const again = await cli(["recs", "start", ids[0] as string]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^error: invalid_transition: The recommendation is done;/);
  });

  it("dismiss needs --reason (usage, exit 2) and keeps it", async () => {
    const id = ids[1] as string;
    const missing = await cli(["recs", "dismiss", id]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--reason");
    const dismissed = await cli(["recs", "dismiss", id, "--reason", "not_relevant", "--json"]);
    expect(dismissed.code, dismissed.stderr).toBe(0);
    expect(JSON.parse(dismissed.stdout).dismissal).toMatchObject({ reason: "not_relevant" });
  });

  it("review is session only: exit 5 with a hint, no request", async () => {
    const review = await cli(["recs", "review", ids[1] as string]);
    expect(review.code).toBe(5);
    expect(review.stderr).toMatch(/needs a signed-in session/);
    expect(review.stderr).toMatch(/^hint: sign in at /m);
  });

  it("derive: a summary, --json the derivation; without recs:write exit 5", async () => {
    const derived = await cli(["recs", "derive"]);
    expect(derived).toMatchObject({ code: 0, stdout: "" });
    expect(derived.stderr).toContain("No measured answers yet");
    const json = await cli(["recs", "derive", "--json"]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      date: null,
      created: 0,
      updated: 0,
      reproposed: 0,
      unchanged: 0,
      markedStale: 0,
      recommendations: [],
    });
    const denied = await cli(["recs", "derive"], readOnlyEnv);
    expect(denied.code).toBe(5);
    expect(denied.stderr).toContain("recs:write");
  });

  it("without recs:write: exit 5 naming the scope; an unknown id: exit 3", async () => {
    const denied = await cli(["recs", "accept", ids[1] as string], readOnlyEnv);
    expect(denied.code).toBe(5);
    expect(denied.stderr).toContain("recs:write");
    const missing = await cli(["recs", "show", "rec_01JD0000000000000000000000"]);
    expect(missing.code).toBe(3);
  });
});
