import { describe, expect, it } from "vitest";
import { eventually } from "../harness/eventually.js";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, derived, finding, move, seed } from "./recommendation-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("recs-metrics@example.com");
  slug = await t.createWorkspace(cookie, {
    brand: "recs-metrics",
    complianceProfile: "eu_medical",
  });
});

const pending = async (target = slug) => {
  const response = await call(t, { cookie }, "GET", target, "/metrics");
  expect(response.status, response.text).toBe(200);
  return response.body.pendingRecommendations;
};

/**
 * The counts once they equal `expected`: recommendations seeded outside the API
 * (as the derivation job writes them) reach the cached counts through the
 * database trigger's notice, within milliseconds.
 */
const pendingBecomes = (expected: { proposed: number; complianceFlagged: number }) =>
  eventually(async () => {
    const counts = await pending();
    return counts.proposed === expected.proposed &&
      counts.complianceFlagged === expected.complianceFlagged
      ? counts
      : undefined;
  }, 2_000);

describe("GET /metrics: pendingRecommendations", () => {
  it("zeros without recommendations, then from the workspace read cache", async () => {
    expect(await pending()).toEqual({ proposed: 0, complianceFlagged: 0 });
    const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
    await eventually(async () => {
      await pending();
      return t.server.ctx.workspaceReads.get(workspace.id, "pending-recommendations");
    }, 2_000);
  });

  it("counts open proposed and flagged ones, and follows the transitions", async () => {
    const a = (await seed(t, slug, derived("a"))).recommendationId;
    const b = (await seed(t, slug, derived("b"))).recommendationId;
    await seed(t, slug, derived("c"));
    const f1 = (await seed(t, slug, derived("f1", { complianceFindings: [finding] })))
      .recommendationId;
    await seed(t, slug, derived("f2", { complianceFindings: [finding] }));
    await pendingBecomes({ proposed: 3, complianceFlagged: 2 });

    await move(t, { cookie }, slug, a, "accept");
    await move(t, { cookie }, slug, b, "dismiss", { reason: "not_relevant" });
    await move(t, { cookie }, slug, f1, "review", { decision: "clear", note: "fine" });
    // Transitions through this process's API drop the counts before they answer.
    expect(await pending()).toEqual({ proposed: 2, complianceFlagged: 1 });
  });

  it("another workspace's recommendations do not count", async () => {
    const other = await t.createWorkspace(cookie, { brand: "recs-metrics-other" });
    expect(await pending(other)).toEqual({ proposed: 0, complianceFlagged: 0 });
  });
});
