import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";

let t: TestServer;
let secret: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  const cookie = await t.signIn("mcp-405@example.com");
  const slug = await t.createWorkspace(cookie, { brand: "mcp405" });
  secret = (await t.mintKey(cookie, slug, ["metrics:read"])).secret;
});

describe("MCP GET and DELETE on a stateless server", () => {
  it.each([
    ["GET", true],
    ["DELETE", true],
    ["GET", false],
  ])("%s (key: %s): 405 method_not_allowed with Allow: POST", async (method, withKey) => {
    const response = await t.request<any>(method, "/api/v1/mcp", {
      ...(withKey ? { bearer: secret } : {}),
      headers: { Accept: "text/event-stream" },
    });
    expect(response.status).toBe(405);
    expect(response.body.error.code).toBe("method_not_allowed");
    expect(response.headers.get("allow")).toBe("POST");
  });
});
