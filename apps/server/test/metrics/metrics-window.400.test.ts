import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

// GET .../metrics/window refuses what it cannot answer, naming the field: a window other than 7
// or 28 days, and a `to` that leaves no room for both windows after the contract's first day.
let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("metrics-window-400@example.com");
  slug = await t.createWorkspace(cookie, { brand: "window-bounds" });
});
afterAll(() => t.close());

describe("GET /metrics/window: 400", () => {
  it("400 for a window other than 7 or 28 days, naming the field", async () => {
    const res = await t.request("GET", `/api/v1/workspaces/${slug}/metrics/window?days=14`, {
      cookie,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error.details)).toContain("query.days");
  });

  it("400 naming `to` when the window or the one before it would start before 2000-01-01", async () => {
    const path = `/api/v1/workspaces/${slug}/metrics/window`;
    const early = await t.request("GET", `${path}?days=28&to=2000-02-24`, { cookie });
    expect(early.status).toBe(400);
    expect(early.body.error.details.fields).toEqual([
      expect.objectContaining({ field: "query.to", rule: "minimum" }),
    ]);
    expect(early.body.error.details.fields[0].message).toContain("2000-02-25");
    const first = await t.request("GET", `${path}?days=7&to=2000-01-14`, { cookie });
    expect(first.status, first.text).toBe(200);
    expect(first.body.previous.from).toBe("2000-01-01");
  });
});
