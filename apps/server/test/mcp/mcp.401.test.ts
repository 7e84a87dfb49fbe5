import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { connectMcpClient, postMcp } from "./mcp-client.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("mcp-401@example.com");
  slug = await t.createWorkspace(cookie, { brand: "mcp401" });
});

describe("MCP without a valid key: 401 in the envelope", () => {
  it("no credentials: unauthenticated", async () => {
    const response = await postMcp(t, {});
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("unauthenticated");
    expect(response.body.error.requestId).toBe(response.headers.get("x-request-id"));
  });

  it("a revoked key: invalid_key, and the SDK's client fails to connect", async () => {
    const key = await t.mintKey(cookie, slug, ["metrics:read"]);
    expect((await postMcp(t, { bearer: key.secret })).status).toBe(200);
    await t.request("POST", `/api/v1/workspaces/${slug}/api-keys/${key.keyId}`, {
      cookie,
      body: { action: "revoke" },
    });
    const response = await postMcp(t, { bearer: key.secret });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("invalid_key");
    await expect(connectMcpClient(t, key.secret)).rejects.toThrow();
  });
});
