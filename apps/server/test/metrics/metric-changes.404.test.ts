import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedVisibility } from "./change-fixtures.js";

// Tenant isolation: another account's workspace is indistinguishable from a
// missing one, whether it has detected changes or not.
let t: TestServer;
let owner: string;
let stranger: string;
beforeAll(async () => {
  t = await startTestServer();
  t.clock.set("2026-05-15T20:00:00.000Z");
  owner = await t.signIn("changes-owner@example.com");
  stranger = await t.signIn("changes-stranger@example.com");
  await t.createWorkspace(owner, { brand: "changes-private" });
  await t.createWorkspace(stranger, { brand: "changes-other" });
  await seedVisibility(t, "changes-private", {
    days: 40,
    lastDay: "2026-05-15",
    prompts: 20,
    engines: ["openai"],
    rates: { self: 0.2 },
    jump: { entity: "self", engine: "openai", points: 60, fromDay: 33 },
    seed: "changes/404",
  });
}, 120_000);
afterAll(() => t.close());

describe("GET /metrics/changes of a workspace the caller cannot see", () => {
  it("is 404 workspace_not_found for another account's workspace and for a missing one", async () => {
    const path = "/metrics/changes";
    const own = await t.request<any>("GET", `/api/v1/workspaces/changes-private${path}`, {
      cookie: owner,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.length).toBeGreaterThan(0);
    for (const slug of ["changes-private", "no-such-workspace"]) {
      const response = await t.request<any>("GET", `/api/v1/workspaces/${slug}${path}`, {
        cookie: stranger,
      });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("workspace_not_found");
    }
    // A key of the stranger's own workspace cannot reach it either.
    const key = (await t.mintKey(stranger, "changes-other", ["metrics:read"])).secret;
    const byKey = await t.request<any>("GET", `/api/v1/workspaces/changes-private${path}`, {
      bearer: key,
    });
    expect(byKey.status).toBe(404);
  });
});
