import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("sources-403@example.com");
  await t.createWorkspace(cookie, { brand: "sources-scoped" });
});

describe("sources reads need metrics:read", () => {
  it("answers 403 insufficient_scope to a key without it, 200 to one with it", async () => {
    const without = await t.mintKey(cookie, "sources-scoped", ["runs:read", "prompts:read"]);
    const withScope = await t.mintKey(cookie, "sources-scoped", ["metrics:read"]);
    for (const path of ["/sources", "/sources/example.com"]) {
      const url = `/api/v1/workspaces/sources-scoped${path}`;
      const refused = await t.request<any>("GET", url, { bearer: without.secret });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("insufficient_scope");
      const allowed = await t.request<any>("GET", url, { bearer: withScope.secret });
      expect(allowed.status, allowed.text).toBe(200);
    }
  });
});
