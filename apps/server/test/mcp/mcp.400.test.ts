import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { postMcp } from "./mcp-client.js";

let t: TestServer;
let secret: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  const cookie = await t.signIn("mcp-400@example.com");
  const slug = await t.createWorkspace(cookie, { brand: "mcp400" });
  secret = (await t.mintKey(cookie, slug, ["metrics:read"])).secret;
});

describe("MCP input the contract refuses: 400 invalid_request", () => {
  it.each([
    ["not JSON-RPC", { hello: "world" }],
    ["a batch", [{ jsonrpc: "2.0", id: 1, method: "ping" }]],
    ["a wrong version", { jsonrpc: "1.0", id: 1, method: "ping" }],
    ["a fractional id", { jsonrpc: "2.0", id: 1.5, method: "ping" }],
  ])("%s", async (_name, body) => {
    const response = await postMcp(t, { bearer: secret, body });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid_request");
  });

  it("an unsupported MCP-Protocol-Version header", async () => {
    const response = await postMcp(t, {
      bearer: secret,
      headers: { "MCP-Protocol-Version": "1999-01-01" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details.fields[0].field).toBe("header.mcp-protocol-version");
  });

  it("an unknown method is a JSON-RPC error inside a 200 (the protocol's own answer)", async () => {
    const response = await postMcp(t, {
      bearer: secret,
      body: { jsonrpc: "2.0", id: 7, method: "resources/list" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32601 } });
  });
});
