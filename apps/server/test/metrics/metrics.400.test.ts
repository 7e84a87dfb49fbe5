import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("metrics-400@example.com");
  await t.createWorkspace(cookie, { brand: "bad-filters" });
});

const get = (path: string) =>
  t.request<any>("GET", `/api/v1/workspaces/bad-filters${path}`, { cookie });

describe("metrics routes reject bad filters with 400 invalid_request", () => {
  it.each([
    ["/metrics?date=2026-13-01", "date"],
    ["/metrics?date=2026-02-30", "date"],
    ["/scoreboard?date=yesterday", "date"],
    ["/scoreboard?engine=bogus", "engine"],
    ["/metrics?category=unknown", "category"],
    ["/metrics?language=xx", "language"],
    ["/scoreboard?region=US!", "region"],
    ["/scoreboard?includeBrandResearch=maybe", "includeBrandResearch"],
    ["/metrics/timeseries?from=2026-03-01", "to"],
    ["/metrics/timeseries?from=2026-03-05&to=2026-03-01", "to"],
    ["/metrics/timeseries?from=2025-01-01&to=2026-03-01", "to"],
    ["/metrics/timeseries?from=2026-03-01&to=2026-03-02&engine=bogus", "engine"],
  ])("GET %s", async (path, field) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid_request");
    expect(JSON.stringify(response.body.error.details.fields)).toContain(field);
  });

  it("accepts the widest range (366 days)", async () => {
    const response = await get("/metrics/timeseries?from=2025-03-01&to=2026-03-01");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ from: "2025-03-01", to: "2026-03-01", series: [] });
  });
});
