import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("metric-changes-403@example.com");
  await t.createWorkspace(cookie, { brand: "changes-403" });
});

describe("GET /metrics/changes needs metrics:read", () => {
  it("a key without metrics:read gets 403 insufficient_scope; one with it reads", async () => {
    const denied = (await t.mintKey(cookie, "changes-403", ["prompts:read", "runs:read"])).secret;
    const allowed = (await t.mintKey(cookie, "changes-403", ["metrics:read"])).secret;
    const path = "/api/v1/workspaces/changes-403/metrics/changes";
    const response = await t.request<any>("GET", path, { bearer: denied });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("insufficient_scope");
    expect(response.body.error.details.requiredScope).toBe("metrics:read");
    expect((await t.request("GET", path, { bearer: allowed })).status).toBe(200);
  });
});
