import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer();
  t.clock.set("2026-03-05T09:00:00.000Z");
  cookie = await t.signIn("sources-400@example.com");
  await t.createWorkspace(cookie, { brand: "sources-bad" });
});
afterAll(() => t.close());

const get = (path: string) =>
  t.request<any>("GET", `/api/v1/workspaces/sources-bad${path}`, { cookie });

describe("sources reads reject bad input with 400 invalid_request", () => {
  it.each([
    ["/sources?from=2026-13-01", "from"],
    ["/sources?to=2026-02-30", "to"],
    ["/sources?from=yesterday", "from"],
    ["/sources?from=2026-03-05&to=2026-03-01", "to"],
    ["/sources?from=2025-01-01&to=2026-03-01", "to"],
    ["/sources?from=2026-03-06", "to"],
    ["/sources?limit=0", "limit"],
    ["/sources?limit=101", "limit"],
    ["/sources/example.com?limit=many", "limit"],
    ["/sources/example.com?from=2026-03-05&to=2026-03-01", "to"],
    ["/sources/Example.COM", "domain"],
    ["/sources/-dash.example", "domain"],
  ])("GET %s", async (path, field) => {
    const response = await get(path);
    expect(response.status, response.text).toBe(400);
    expect(response.body.error.code).toBe("invalid_request");
    expect(JSON.stringify(response.body.error.details.fields)).toContain(field);
  });

  it("accepts the widest period (366 days)", async () => {
    const response = await get("/sources?from=2025-03-01&to=2026-03-01");
    expect(response.status).toBe(200);
    expect(response.body.period).toEqual({ from: "2025-03-01", to: "2026-03-01" });
  });
});
