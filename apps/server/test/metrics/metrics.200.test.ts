import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noComparison } from "../../src/metrics/composite-deltas.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer();
  t.clock.set("2026-03-04T23:59:00.000Z");
  cookie = await t.signIn("metrics@example.com");
  await t.createWorkspace(cookie, { brand: "metric-brand" });
});
afterAll(() => t.close());

const emptyScoreboard = {
  brand: "metric-brand",
  date: "2026-03-04",
  composite: {
    value: 0,
    ciLow: 0,
    ciHigh: 0,
    n: 0,
    entity: "metric-brand",
    surfaces: [],
    deltas: { previous: 0, "7d": 0, "28d": 0 },
    comparisons: { previous: noComparison, "7d": noComparison, "28d": noComparison },
  },
  engines: [],
  excluded: { brandResearchAnswers: 0, brandResearchPrompts: 0 },
};

describe("metrics before the first measurement run", () => {
  it("GET /scoreboard answers the specification's exact shape with zeros", async () => {
    const response = await t.request("GET", "/api/v1/workspaces/metric-brand/scoreboard", {
      cookie,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(emptyScoreboard);
  });

  it("GET /metrics answers the specification's exact shape, empty lists and a null latestRun", async () => {
    const response = await t.request("GET", "/api/v1/workspaces/metric-brand/metrics", { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      scoreboard: emptyScoreboard,
      latestRun: null,
      recentRuns: [],
      shareOfVoice: [],
      topCitedDomains: [],
      pendingRecommendations: { proposed: 0, complianceFlagged: 0 },
    });
  });

  it("dates the scoreboard by the injected clock (UTC)", async () => {
    t.clock.advance(120_000);
    const response = await t.request<any>("GET", "/api/v1/workspaces/metric-brand/scoreboard", {
      cookie,
    });
    expect(response.body.date).toBe("2026-03-05");
  });
});
