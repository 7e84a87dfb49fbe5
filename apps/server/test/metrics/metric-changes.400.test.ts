import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer();
  t.clock.set("2026-05-15T12:00:00.000Z");
  cookie = await t.signIn("metric-changes-400@example.com");
  await t.createWorkspace(cookie, { brand: "changes-400" });
});
afterAll(() => t.close());

const get = (path: string) =>
  t.request<any>("GET", `/api/v1/workspaces/changes-400${path}`, { cookie });
const cursorOf = (text: string) => Buffer.from(text).toString("base64url");

describe("GET /metrics/changes rejects bad queries with 400 invalid_request", () => {
  it.each([
    ["?from=2026-13-01", "from"],
    ["?to=2026-02-30", "to"],
    ["?from=2026-03-05&to=2026-03-01", "to"],
    ["?from=2025-01-01&to=2026-03-01", "to"],
    ["?engine=bogus", "engine"],
    ["?entity=not%20an%20id", "entity"],
    ["?category=unknown", "category"],
    ["?language=xx", "language"],
    ["?includeBrandResearch=maybe", "includeBrandResearch"],
    ["?limit=0", "limit"],
    ["?limit=101", "limit"],
    ["?cursor=bm90LWEtY3Vyc29y", "cursor"],
    [`?cursor=${cursorOf("2026-05-01|self|OpenAI!")}`, "cursor"],
  ])("GET /metrics/changes%s", async (query, field) => {
    const response = await get(`/metrics/changes${query}`);
    expect(response.status, response.text).toBe(400);
    expect(response.body.error.code).toBe("invalid_request");
    expect(JSON.stringify(response.body.error.details.fields)).toContain(field);
  });

  it("accepts the widest range (366 days), and a workspace without data lists nothing", async () => {
    const wide = await get("/metrics/changes?from=2025-03-01&to=2026-03-01");
    expect(wide.status).toBe(200);
    expect(wide.body).toEqual({
      from: "2025-03-01",
      to: "2026-03-01",
      fdr: 0.0005,
      data: [],
      nextCursor: null,
    });
    // No data: the 90 days ending today.
    const empty = await get("/metrics/changes");
    expect(empty.body).toMatchObject({ from: "2026-02-15", to: "2026-05-15", data: [] });
    const cursor = cursorOf("2026-05-01|self|");
    expect((await get(`/metrics/changes?cursor=${cursor}`)).status).toBe(200);
  });
});
