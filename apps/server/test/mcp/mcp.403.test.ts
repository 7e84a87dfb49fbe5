import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { postMcp } from "./mcp-client.js";

let t: TestServer;
let cookie: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("mcp-403@example.com");
  await t.createWorkspace(cookie, { brand: "mcp403" });
});

describe("MCP with a session", () => {
  it("is refused: 403 api_key_required (a cookie never reaches the tools)", async () => {
    const response = await postMcp(t, { cookie });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("api_key_required");
  });
});
